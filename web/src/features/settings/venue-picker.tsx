import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { fetchVenueNames } from './members.ts';
import { settingsKeys } from './use-membership.ts';

/**
 * The venues a floor-staff member serves: one checkbox per venue of the organization. `label`
 * names the group for screen readers (visible as its legend).
 */
export function VenuePicker({
  organizationId,
  value,
  onChange,
  label,
  disabled = false,
  error,
}: {
  organizationId: string;
  value: readonly string[];
  onChange: (venues: string[]) => void;
  label: string;
  disabled?: boolean;
  error?: string;
}) {
  const { t } = useTranslation('settings');
  const id = useId();
  const venues = useSWR(settingsKeys.venueNames(organizationId), () => fetchVenueNames(organizationId));
  const toggle = (venue: string, on: boolean) => onChange(on ? [...value, venue] : value.filter((v) => v !== venue));
  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium">{label}</legend>
      {!venues.data ? (
        <p className="text-sm text-muted-foreground">{t('staff.loadingVenues')}</p>
      ) : venues.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('staff.noVenues')}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {venues.data.map((v) => (
            <li key={v.id} className="min-w-0 max-w-full">
              <label className="flex min-h-9 min-w-0 max-w-full cursor-pointer items-center gap-2 rounded-md border px-3 py-1.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10">
                <input
                  type="checkbox"
                  className="size-4 shrink-0 accent-primary"
                  checked={value.includes(v.id)}
                  disabled={disabled}
                  onChange={(e) => toggle(v.id, e.target.checked)}
                />
                <span className="min-w-0 break-words">{v.name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
