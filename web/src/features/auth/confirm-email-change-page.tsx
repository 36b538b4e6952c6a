import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { useTitle } from '../../hooks/use-title.ts';
import { paths } from '../../app/paths.ts';
import { BrokenLink, ConfirmEmailChangeForm } from './token-forms.tsx';

export default function ConfirmEmailChangePage() {
  const { t } = useTranslation('auth');
  useTitle();
  const token = new URLSearchParams(useSearch()).get('token');
  if (!token)
    return (
      <BrokenLink
        title={t('link.incomplete')}
        message={t('link.confirmMissingToken')}
        action={{ label: t('link.goToSignIn'), href: paths.login() }}
      />
    );
  return <ConfirmEmailChangeForm token={token} />;
}
