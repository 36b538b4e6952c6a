import { cloneElement, useState, type ComponentType, type ReactElement } from 'react';

/** What a deferred menu's module renders: Radix's menu around `trigger`, open at once when `defaultOpen`. */
export type DeferredMenuProps = { trigger: ReactElement; defaultOpen: boolean };

type TriggerProps = {
  onClick?: () => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  'aria-haspopup'?: 'menu';
  'aria-expanded'?: boolean;
};

/**
 * A dropdown menu whose code (Radix Menu and floating-ui, about 28 KB gzipped with its shared
 * parts) loads when first wanted rather than with the page (issue 23 item 6): the trigger shows
 * at once; hovering or focusing it fetches the menu; a click (mouse, touch, Enter or Space) opens
 * the menu as soon as its code is there. `load` resolves to the component that renders the menu.
 */
export function DeferredMenu({
  trigger,
  load,
}: {
  trigger: ReactElement<TriggerProps>;
  load: () => Promise<ComponentType<DeferredMenuProps>>;
}) {
  const [menu, setMenu] = useState<{ Menu: ComponentType<DeferredMenuProps> } | null>(null);
  if (menu) return <menu.Menu trigger={trigger} defaultOpen />;
  const prefetch = () => void load().catch(() => undefined);
  return cloneElement(trigger, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: prefetch,
    onFocus: prefetch,
    onClick: () =>
      void load().then(
        (Menu) => setMenu({ Menu }),
        () => undefined,
      ),
  });
}
