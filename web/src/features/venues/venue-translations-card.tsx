import { useState, type FormEvent } from 'react';
import type { RecordModel } from 'pocketbase';
import { readTranslations, translationState } from '../../../../shared/translations.ts';
import { applyWrites, fieldWrite, type WrittenTranslations } from '../../lib/translation-write.ts';
import { languageName } from '../../lib/language-name.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input, Label, Textarea } from '../../components/ui/input.tsx';

const TEXT = {
  title: 'Name and address in other languages',
  description: (source: string) =>
    `For guests reading the venue's menus in another language. Empty fields show the ${source} text. Saving also confirms drafts and texts whose original changed.`,
  name: 'Name',
  address: 'Address',
  machine: 'Draft (machine)',
  outdated: 'Source changed',
  save: 'Save translations',
};

type Key = 'name' | 'address';

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
        <CardTitle>{TEXT.title}</CardTitle>
        <CardDescription>{TEXT.description(languageName(source))}</CardDescription>
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
                        {TEXT[key]} ({lang})
                      </Label>
                      {state === 'machine' ? <Badge variant="info">{TEXT.machine}</Badge> : null}
                      {state === 'outdated' ? <Badge variant="warning">{TEXT.outdated}</Badge> : null}
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
              {TEXT.save}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
