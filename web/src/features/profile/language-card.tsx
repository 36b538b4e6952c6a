import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pb } from '../../lib/pb.ts';
import { toast } from '../../lib/toast.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { activeLanguage, i18n } from '../../lib/i18n/i18n.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Select } from '../../components/ui/input.tsx';
import { STAFF_LANGUAGES, isStaffLanguage } from '../../../../shared/i18n/staff-languages.ts';

/**
 * The app's and the emails' language, stored on the account (`users.language`), so it follows the
 * user to every device and the server writes their emails in it. Each language is named in itself.
 */
export function LanguageCard() {
  const { t } = useTranslation('profile');
  const { record } = useAuth();
  const [saving, setSaving] = useState(false);
  const change = async (language: string) => {
    if (!record || !isStaffLanguage(language)) return;
    setSaving(true);
    try {
      await pb.collection('users').update(record.id, { language });
      await i18n.changeLanguage(language);
      toast.success(i18n.t('profile:language.saved'));
    } catch (err) {
      handleApiError(err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('language.title')}</CardTitle>
        <CardDescription>{t('language.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <FormField label={t('language.label')}>
          <Select
            value={activeLanguage()}
            disabled={saving}
            onChange={(e) => void change(e.target.value)}
            className="sm:max-w-xs"
            data-testid="language-select"
          >
            {STAFF_LANGUAGES.map((lang) => (
              <option key={lang} value={lang} lang={lang}>
                {t(`common:languages.${lang}`)}
              </option>
            ))}
          </Select>
        </FormField>
      </CardContent>
    </Card>
  );
}
