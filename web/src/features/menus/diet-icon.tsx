import { DIET_ICONS } from '../../../../shared/diet-icons.ts';
import type { DietKey } from '../../../../shared/diets.ts';
import { cn } from '../../lib/cn.ts';

/**
 * A dietary label's icon, the same drawing guests see (shared/diet-icons.ts). Decorative here:
 * the label's name is always written beside it, so the icon is hidden from assistive technology.
 */
export function DietIcon({ diet, className }: { diet: DietKey; className?: string }) {
  const icon = DIET_ICONS[diet];
  const n = icon.width ?? 1;
  return (
    <svg
      viewBox={`0 0 ${16 * n} 16`}
      fill={icon.color}
      fillRule={icon.evenOdd ? 'evenodd' : undefined}
      aria-hidden
      focusable="false"
      className={cn('h-4 shrink-0', className)}
      style={{ width: `${n}rem` }}
    >
      {Array.from({ length: n }, (_, i) => (
        <path key={i} d={icon.d} transform={i ? `translate(${i * 16})` : undefined} />
      ))}
    </svg>
  );
}
