import { useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import type { RecordModel } from 'pocketbase';
import { readTranslations, translationState } from '../../../../shared/translations.ts';
import { applyWrites, fieldWrite, type WrittenTranslations } from '../../lib/translation-write.ts';
import { activeLanguage } from '../../lib/i18n/i18n.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input, Label, Textarea } from '../../components/ui/input.tsx';

type Key = 'name' | 'address';

/** "de" → "German" in the staff app's language ("Deutsch", "allemand" …); the code itself if unknown. */
function languageName(code: string): string {
  try {
    return new Intl.DisplayNames([activeLanguage()], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The venue's name and address in the languages of its menus (`venues.translations`). */
export function VenueTranslationsCard({
  venue,
  source,
  targets,
  onSave,
}: {
  venue: RecordModel;
  source: string;
  targets: string[];
  onSave: (translations: WrittenTranslations) => Promise<void>;
}) {
  const { t } = useTranslation('venues');
  const current = readTranslations(venue.translations);
  const sources: Record<Key, string> = { name: String(venue.name ?? ''), address: String(venue.address ?? '') };
  const keys = (Object.keys(sources) as Key[]).filter((k) => sources[k].trim());
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const valueOf = (lang: string, key: Key) => typed[`${lang}/${key}`] ?? current[lang]?.[key]?.text ?? '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const writes = targets.flatMap((lang) =>
      keys.flatMap((key) => {
        const write = fieldWrite(valueOf(lang, key), current[lang]?.[key], sources[key]);
        return write ? [{ lang, key, write }] : [];
      }),
    );
    const next = applyWrites(current, writes);
    if (!next) return;
    setBusy(true);
    try {
      await onSave(next);
      setTyped({});
    } catch {
      // onSave reported it; the typed texts stay.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('translations.title')}</CardTitle>
        <CardDescription>{t('translations.description', { language: languageName(source) })}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          {targets.map((lang) => (
            <fieldset key={lang} className="grid gap-3 rounded-md border p-3">
              <legend className="px-1 text-sm font-medium">
                {languageName(lang)} <span className="font-mono text-xs text-muted-foreground">{lang}</span>
              </legend>
              {keys.map((key) => {
                const id = `venue-${lang}-${key}`;
                const state = translationState(current[lang]?.[key], sources[key]);
                const Field = key === 'address' ? Textarea : Input;
                return (
                  <div key={key} className="grid gap-1.5">
                    <div className="flex flex-wrap items-center gap-2">
                      <Label htmlFor={id}>
                        {t(key === 'name' ? 'translations.name' : 'translations.address')} ({lang})
                      </Label>
                      {state === 'machine' ? <Badge variant="info">{t('translations.machine')}</Badge> : null}
                      {state === 'outdated' ? <Badge variant="warning">{t('translations.outdated')}</Badge> : null}
                    </div>
                    <Field
                      id={id}
                      lang={lang}
                      value={valueOf(lang, key)}
                      placeholder={sources[key]}
                      autoComplete="off"
                      rows={2}
                      onChange={(e) => setTyped((t) => ({ ...t, [`${lang}/${key}`]: e.target.value }))}
                    />
                  </div>
                );
              })}
            </fieldset>
          ))}
          <div className="flex justify-end">
            <Button type="submit" loading={busy}>
              {t('translations.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
