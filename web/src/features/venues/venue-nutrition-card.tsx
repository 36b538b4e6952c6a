import { useTranslation } from 'react-i18next';
import { useEffect, useId, useState } from 'react';
import type { RecordModel } from 'pocketbase';
import { NUTRITION_DISPLAYS, nutritionDisplayOf, type NutritionDisplay } from '../../../../shared/nutrition.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';

/**
 * What this venue's guests see of the items' nutrition: nothing, kcal only, or kcal with the
 * macronutrients; and the "Adults need around 2,000 kcal a day" line (the UK's out-of-home
 * calorie labelling asks for it). A venue that never chose shows kcal (shared/nutrition.ts).
 */
export function VenueNutritionCard({
  venue,
  onSave,
}: {
  venue: RecordModel;
  onSave: (values: { nutritionDisplay: NutritionDisplay; dailyKcalNote: boolean }) => Promise<void>;
}) {
  const { t } = useTranslation('venues');
  const id = useId();
  const stored = { display: nutritionDisplayOf(venue.nutritionDisplay), note: Boolean(venue.dailyKcalNote) };
  const [display, setDisplay] = useState(stored.display);
  const [note, setNote] = useState(stored.note);
  const [saving, setSaving] = useState(false);
  // A change saved elsewhere shows up while this card is untouched.
  useEffect(() => {
    setDisplay(stored.display);
    setNote(stored.note);
  }, [stored.display, stored.note]);
  const dirty = display !== stored.display || note !== stored.note;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('nutrition.title')}</CardTitle>
        <CardDescription>{t('nutrition.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4"
          aria-label={t('nutrition.title')}
          onSubmit={async (e) => {
            e.preventDefault();
            setSaving(true);
            try {
              await onSave({ nutritionDisplay: display, dailyKcalNote: note });
            } finally {
              setSaving(false);
            }
          }}
        >
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{t('nutrition.display')}</legend>
            {NUTRITION_DISPLAYS.map((mode) => (
              <label
                key={mode}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  display === mode && 'border-primary bg-primary/5',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-display`}
                  value={mode}
                  checked={display === mode}
                  onChange={() => setDisplay(mode)}
                  className="mt-0.5 size-4 accent-[hsl(var(--primary))]"
                />
                <span className="grid gap-0.5">
                  <span className="font-medium">{t(`nutrition.mode.${mode}`)}</span>
                  <span className="text-muted-foreground">{t(`nutrition.modeHint.${mode}`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <label className="flex cursor-pointer items-start gap-3 text-sm">
            <input
              type="checkbox"
              checked={note}
              onChange={(e) => setNote(e.target.checked)}
              disabled={display === 'off'}
              className="mt-0.5 size-4 accent-[hsl(var(--primary))]"
            />
            <span className="grid gap-0.5">
              <span className="font-medium">{t('nutrition.dailyNote')}</span>
              <span className="text-muted-foreground">{t('nutrition.dailyNoteHint')}</span>
            </span>
          </label>
          <div className="flex justify-end border-t pt-4">
            <Button type="submit" disabled={!dirty} loading={saving}>
              {t('common:ui.saveChanges')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
