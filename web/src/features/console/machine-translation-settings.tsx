import { useState } from 'react';
import { Languages } from 'lucide-react';
import { pb } from '../../lib/pb.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Select } from '../../components/ui/input.tsx';
import { SettingsSection, TextSetting, type Values } from './settings-form.tsx';

const PROVIDERS = [
  { value: '', label: 'Whichever is configured (DeepL first)' },
  { value: 'deepl', label: 'DeepL' },
  { value: 'libretranslate', label: 'LibreTranslate' },
  { value: 'off', label: 'Off' },
];

/**
 * "Test": translates "Good morning" with the form's values as they are now (saved or not; a key
 * left empty is the saved one) and shows the result or the provider's own clear error.
 */
function TestTranslation({ values }: { values: Values }) {
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [testing, setTesting] = useState(false);
  const test = async () => {
    setTesting(true);
    setResult(null);
    try {
      const res = await pb.send<{ provider: string; text: string }>('/api/settings/test/translation', {
        method: 'POST',
        body: { machineTranslation: values },
      });
      setResult({ ok: true, text: `“Good morning” → “${res.text}” (${res.provider === 'deepl' ? 'DeepL' : 'LibreTranslate'})` });
    } catch (err) {
      setResult({ ok: false, text: errorMessage(err) });
    } finally {
      setTesting(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-3 border-t pt-4">
      <Button type="button" variant="outline" loading={testing} onClick={() => void test()}>
        <Languages aria-hidden /> Test
      </Button>
      <p
        role="status"
        aria-live="polite"
        className={`min-w-0 break-words text-sm ${result?.ok === false ? 'text-destructive' : 'text-muted-foreground'}`}
      >
        {result?.text ?? 'Translates “Good morning” into German with these values, without saving them.'}
      </p>
    </div>
  );
}

/** The console card of machine translation: provider, DeepL and LibreTranslate keys and addresses, and a test. */
export function MachineTranslationSettings({ initial, onSaved }: { initial: Values; onSaved: () => void }) {
  return (
    <SettingsSection
      section="machineTranslation"
      title="Machine translation"
      description="Drafts for menu translations. Saved values win over DEEPL_* and LIBRETRANSLATE_* of the environment."
      initial={initial}
      onSaved={onSaved}
    >
      {(v, set, e) => (
        <>
          <FormField label="Provider" error={(e.provider as { message?: string } | undefined)?.message}>
            <Select value={String(v.provider ?? '')} onChange={(ev) => set('provider', ev.target.value)}>
              {PROVIDERS.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </Select>
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextSetting
              label="DeepL API key"
              name="deeplApiKey"
              type="password"
              values={v}
              set={set}
              errors={e}
              hint="Left empty, the stored key stays. Free keys end in :fx."
            />
            <TextSetting
              label="DeepL API URL"
              name="deeplApiUrl"
              type="url"
              values={v}
              set={set}
              errors={e}
              hint="Empty: chosen by the key."
            />
            <TextSetting
              label="LibreTranslate URL"
              name="libreTranslateUrl"
              type="url"
              values={v}
              set={set}
              errors={e}
              hint="Your LibreTranslate server, e.g. https://translate.example.com"
            />
            <TextSetting
              label="LibreTranslate API key"
              name="libreTranslateApiKey"
              type="password"
              values={v}
              set={set}
              errors={e}
              hint="Left empty, the stored key stays."
            />
          </div>
          <TestTranslation values={v} />
        </>
      )}
    </SettingsSection>
  );
}
