import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../lib/toast.ts';
import type { RecordModel } from 'pocketbase';
import { DEFAULT_CURRENCY, DEFAULT_LANGUAGE } from '../../../../shared/constants.ts';
import { pb } from '../../lib/pb.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { refreshAuth } from '../../hooks/use-auth.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input, Select } from '../../components/ui/input.tsx';
import { zOrganizationForm } from '../../../../shared/schemas/organizations.ts';

/** Languages menus are commonly written in; any other valid code already stored stays selectable. */
const LANGUAGES = [
  'en',
  'de',
  'fr',
  'it',
  'es',
  'pt',
  'nl',
  'pl',
  'cs',
  'sk',
  'hu',
  'ro',
  'bg',
  'hr',
  'sl',
  'sr',
  'el',
  'tr',
  'ru',
  'uk',
  'sv',
  'da',
  'nb',
  'fi',
  'et',
  'lv',
  'lt',
  'ga',
  'mt',
  'ar',
  'he',
  'hi',
  'th',
  'vi',
  'id',
  'ja',
  'ko',
  'zh',
];

/** Currency and language names in the app's language ("Euro (EUR)", "Deutsch" → "German (de)" in English). */
function displayNames(type: 'currency' | 'language', codes: string[], language: string): { code: string; label: string }[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(language, { type });
  } catch {
    /* old browsers: codes only */
  }
  return codes.map((code) => {
    const name = names?.of(code);
    return { code, label: name && name !== code ? `${name} (${code})` : code };
  });
}

/** Name, currency and default language of the organization (read-only for editors). */
export function OrganizationCard({ organization, canManage }: { organization: RecordModel; canManage: boolean }) {
  const { t, i18n } = useTranslation('settings');
  const language = i18n.language;
  const currencies = useMemo(
    () => displayNames('currency', Intl.supportedValuesOf('currency'), language).sort((a, b) => a.label.localeCompare(b.label, language)),
    [language],
  );
  const current = {
    name: String(organization.name ?? ''),
    currency: String(organization.currency || DEFAULT_CURRENCY),
    defaultLanguage: String(organization.defaultLanguage || DEFAULT_LANGUAGE),
  };
  const languages = useMemo(
    () =>
      displayNames('language', [...new Set([...LANGUAGES, current.defaultLanguage])], language).sort((a, b) =>
        a.label.localeCompare(b.label, language),
      ),
    [current.defaultLanguage, language],
  );
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({
    resolver: zodResolver(zOrganizationForm),
    defaultValues: current,
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await pb.collection('organizations').update(organization.id, values);
      reset({ name: String(saved.name), currency: String(saved.currency), defaultLanguage: String(saved.defaultLanguage) });
      await refreshAuth();
      toast.success(t('organization.saved'));
    } catch (err) {
      handleApiError(err, setError, ['name', 'currency', 'defaultLanguage']);
    }
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('organization.title')}</CardTitle>
        <CardDescription>{canManage ? t('organization.description') : t('organization.readOnly')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate>
          <fieldset disabled={!canManage} className="grid min-w-0 grid-cols-1 gap-4">
            <FormField label={t('organization.name')} error={errors.name?.message}>
              <Input {...register('name')} autoComplete="organization" />
            </FormField>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <FormField label={t('organization.currency')} error={errors.currency?.message} hint={t('organization.currencyHint')}>
                {/* min-w-0: the longest currency name must not widen the page on phones. */}
                <Select {...register('currency')} className="min-w-0">
                  {currencies.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.label}
                    </option>
                  ))}
                </Select>
              </FormField>
              <FormField
                label={t('organization.defaultLanguage')}
                error={errors.defaultLanguage?.message}
                hint={t('organization.defaultLanguageHint')}
              >
                <Select {...register('defaultLanguage')} className="min-w-0">
                  {languages.map((l) => (
                    <option key={l.code} value={l.code}>
                      {l.label}
                    </option>
                  ))}
                </Select>
              </FormField>
            </div>
            {canManage ? (
              <div className="flex justify-end">
                <Button type="submit" loading={isSubmitting} disabled={!isDirty} className="w-full sm:w-auto">
                  {t('common:ui.saveChanges')}
                </Button>
              </div>
            ) : null}
          </fieldset>
        </form>
      </CardContent>
    </Card>
  );
}
