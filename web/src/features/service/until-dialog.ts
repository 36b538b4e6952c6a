// i18n-namespace: 'service' (the `t` here is service mode's: i18n.getFixedT(null, 'service'))
import { h, icon } from '../../lib/dom.ts';
import { buttonVariants, fieldClass } from '../../components/ui/styles.ts';
import X from 'lucide-data:x';
import { nextTimeOfDay, untilChoices } from './service-times.ts';
import { timeText, type Translate } from './service-format.ts';
import type { ServiceMenu, ServiceVenue } from './service-requests.ts';

const CHOICE = `${buttonVariants({ variant: 'outline', size: null })} h-auto min-h-12 w-full justify-between gap-3 whitespace-normal px-4 py-2 text-left text-base`;

/**
 * "Sold out until…" for one dish or option: end of service, tomorrow's opening, until switched
 * back, or a time of day, all on the venue's clocks. A native modal dialog: focus moves in and
 * stays there, Escape and the close button leave it, focus returns to the row's button.
 */
export function openUntilDialog({
  t,
  name,
  menu,
  venue,
  disabled,
  onPick,
}: {
  t: Translate;
  name: string;
  menu: ServiceMenu;
  venue: ServiceVenue;
  disabled: boolean;
  onPick: (when: Date | null) => void;
}): void {
  const now = new Date();
  const { end, tomorrow } = untilChoices(menu.schedule, venue.openingHours, now, venue.timezone);
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const dialog = h('dialog', {
    'aria-labelledby': 'service-until-title',
    'aria-describedby': 'service-until-description',
    class:
      'w-[calc(100%-2rem)] max-w-md rounded-lg border bg-background p-6 text-foreground shadow-lg backdrop:bg-black/60 open:grid open:gap-4',
  });
  const close = () => dialog.close();
  const pick = (when: Date | null) => {
    close();
    onPick(when);
  };
  const choice = (label: string, when: Date | null) =>
    h(
      'button',
      { type: 'button', class: CHOICE, disabled, onclick: () => pick(when) },
      h('span', null, label),
      when ? h('span', { class: 'tabular-nums text-muted-foreground' }, timeText(when, venue.timezone, now)) : null,
    );
  const input = h('input', { id: 'service-until-time', type: 'time', class: `${fieldClass} h-12 flex-1 py-2 text-base` });
  const error = h('p', { id: 'service-until-error', class: 'text-sm text-destructive', hidden: true });
  const showError = (message: string) => {
    error.textContent = message;
    error.hidden = !message;
    if (message) {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', error.id);
    } else {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }
  };
  input.addEventListener('input', () => showError(''));
  const form = h(
    'form',
    {
      class: 'grid gap-2 border-t pt-4',
      novalidate: true,
      onsubmit: (e) => {
        e.preventDefault();
        const when = nextTimeOfDay(input.value, new Date(), venue.timezone);
        if (!when) showError(t('enterTime'));
        else pick(when);
      },
    },
    h('label', { for: input.id, class: 'text-sm font-medium leading-none' }, t('atTime')),
    h(
      'div',
      { class: 'flex gap-2' },
      input,
      h('button', { type: 'submit', class: `${buttonVariants({ size: null })} h-12 px-4`, disabled }, t('setTime')),
    ),
    error,
  );
  dialog.append(
    h(
      'div',
      { class: 'flex items-start gap-4' },
      h(
        'div',
        { class: 'grid min-w-0 flex-1 gap-1.5' },
        h('h2', { id: 'service-until-title', class: 'break-words text-lg font-semibold leading-tight' }, t('untilTitle', { name })),
        h(
          'p',
          { id: 'service-until-description', class: 'text-sm text-muted-foreground' },
          t('untilDescription', { zone: venue.timezone }),
        ),
      ),
      h(
        'button',
        {
          type: 'button',
          class: `${buttonVariants({ variant: 'ghost', size: null })} -mr-2 -mt-2 size-11 shrink-0`,
          'aria-label': t('common:ui.close'),
          onclick: close,
        },
        icon(X),
      ),
    ),
    h(
      'div',
      { class: 'grid gap-2' },
      end ? choice(t('endOfService'), end) : null,
      tomorrow ? choice(t('tomorrow'), tomorrow) : null,
      choice(t('untilChanged'), null),
    ),
    form,
  );
  // A tap on the backdrop (outside the box) closes it, as the app's other dialogs do.
  dialog.addEventListener('click', (e) => {
    if (e.target === dialog) {
      const r = dialog.getBoundingClientRect();
      const inside = e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
      if (!inside) close();
    }
  });
  dialog.addEventListener('close', () => {
    dialog.remove();
    if (opener?.isConnected) opener.focus();
  });
  document.body.append(dialog);
  dialog.showModal();
}
