import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Languages } from 'lucide-react';
import { pb } from '../../lib/pb.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Select } from '../../components/ui/input.tsx';
import { SettingsSection, TextSetting, type Values } from './settings-form.tsx';

/** Labels are console keys, except the two providers' own names. */
const PROVIDERS = [
  { value: '', label: 'translation.providers.any' },
  { value: 'deepl', label: 'DeepL' },
  { value: 'libretranslate', label: 'LibreTranslate' },
  { value: 'off', label: 'translation.providers.off' },
];

/**
 * "Test": translates "Good morning" with the form's values as they are now (saved or not; a key
 * left empty is the saved one) and shows the result or the provider's own clear error.
 */
function TestTranslation({ values }: { values: Values }) {
  const { t } = useTranslation('console');
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
      setResult({
        ok: true,
        text: t('translation.testResult', { text: res.text, provider: res.provider === 'deepl' ? 'DeepL' : 'LibreTranslate' }),
      });
    } catch (err) {
      setResult({ ok: false, text: errorMessage(err) });
    } finally {
      setTesting(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-3 border-t pt-4">
      <Button type="button" variant="outline" loading={testing} onClick={() => void test()}>
        <Languages aria-hidden /> {t('translation.test')}
      </Button>
      <p
        role="status"
        aria-live="polite"
        className={`min-w-0 break-words text-sm ${result?.ok === false ? 'text-destructive' : 'text-muted-foreground'}`}
      >
        {result?.text ?? t('translation.testHint')}
      </p>
    </div>
  );
}

/** The console card of machine translation: provider, DeepL and LibreTranslate keys and addresses, and a test. */
export function MachineTranslationSettings({ initial, onSaved }: { initial: Values; onSaved: () => void }) {
  const { t } = useTranslation('console');
  return (
    <SettingsSection
      section="machineTranslation"
      title={t('translation.title')}
      description={t('translation.description')}
      initial={initial}
      onSaved={onSaved}
    >
      {(v, set, e) => (
        <>
          <FormField label={t('translation.provider')} error={(e.provider as { message?: string } | undefined)?.message}>
            <Select value={String(v.provider ?? '')} onChange={(ev) => set('provider', ev.target.value)}>
              {PROVIDERS.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label.startsWith('translation.') ? t(p.label) : p.label}
                </option>
              ))}
            </Select>
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextSetting
              label={t('translation.deeplKey')}
              name="deeplApiKey"
              type="password"
              values={v}
              set={set}
              errors={e}
              hint={t('translation.deeplKeyHint')}
            />
            <TextSetting
              label={t('translation.deeplUrl')}
              name="deeplApiUrl"
              type="url"
              values={v}
              set={set}
              errors={e}
              hint={t('translation.deeplUrlHint')}
            />
            <TextSetting
              label={t('translation.libreUrl')}
              name="libreTranslateUrl"
              type="url"
              values={v}
              set={set}
              errors={e}
              hint={t('translation.libreUrlHint')}
            />
            <TextSetting
              label={t('translation.libreKey')}
              name="libreTranslateApiKey"
              type="password"
              values={v}
              set={set}
              errors={e}
              hint={t('translation.libreKeyHint')}
            />
          </div>
          <TestTranslation values={v} />
        </>
      )}
    </SettingsSection>
  );
}
