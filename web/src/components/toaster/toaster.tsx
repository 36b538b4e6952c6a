import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast, Toaster } from 'sonner';
import { TOAST_DURATION_MS, TOAST_MAX_VISIBLE } from '../../../../shared/constants.ts';
import { toasterHost } from '../../lib/toast.ts';

/** Bottom-right, 4 s, at most 3 visible (the specification's toasts). */
export default function AppToaster({ theme }: { theme: 'light' | 'dark' }) {
  const { t } = useTranslation();
  // Runs after the Toaster's own effects (it renders first), so it already listens.
  useEffect(() => {
    toasterHost.ready(toast);
  }, []);
  return (
    <Toaster
      position="bottom-right"
      duration={TOAST_DURATION_MS}
      visibleToasts={TOAST_MAX_VISIBLE}
      theme={theme}
      richColors
      closeButton
      // sonner's own labels are English: the app's language instead.
      containerAriaLabel={t('toast.notifications')}
      toastOptions={{ closeButtonAriaLabel: t('toast.close') }}
    />
  );
}
