import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { useTitle } from '../../hooks/use-title.ts';
import { paths } from '../../app/paths.ts';
import { BrokenLink, ResetPasswordForm } from './token-forms.tsx';

export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  useTitle();
  const token = new URLSearchParams(useSearch()).get('token');
  if (!token)
    return (
      <BrokenLink
        title={t('link.incomplete')}
        message={t('link.resetMissingToken')}
        action={{ label: t('link.requestNew'), href: paths.login() }}
      />
    );
  return <ResetPasswordForm token={token} />;
}
