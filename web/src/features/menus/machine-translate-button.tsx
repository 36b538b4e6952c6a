import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sparkles } from 'lucide-react';
import { pb } from '../../lib/pb.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import type { MachineTranslationProvider } from '../../../../shared/api.ts';

const PROVIDER: Record<MachineTranslationProvider, string> = { deepl: 'DeepL', libretranslate: 'LibreTranslate' };

/** The answer of `POST /api/menus/{id}/translate`. */
interface TranslateResult {
  provider: MachineTranslationProvider;
  translated: number;
}

/**
 * "Translate missing with DeepL" for one language: asks first (how many texts, that they arrive as
 * drafts), then lets the server translate. Provider failures (rate limit, bad key) are shown as the
 * server words them, in the panel, until the next try.
 */
export function MachineTranslateButton({
  menuId,
  provider,
  language,
  languageLabel,
  count,
  onDone,
}: {
  menuId: string;
  provider: MachineTranslationProvider;
  language: string;
  languageLabel: string;
  count: number;
  onDone: () => void;
}) {
  const { t } = useTranslation('menus');
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = PROVIDER[provider];
  const run = async () => {
    setError(null);
    try {
      const result = await pb.send<TranslateResult>(`/api/menus/${encodeURIComponent(menuId)}/translate`, {
        method: 'POST',
        body: { language },
      });
      toast.success(t('machine.done', { count: result.translated }));
      onDone();
    } catch (err) {
      setError(errorMessage(err));
      // Closes the dialog: the message stays next to the button.
    }
  };
  return (
    <div className="grid gap-2">
      <div>
        <Button
          type="button"
          variant="outline"
          disabled={count === 0}
          onClick={() => setOpen(true)}
          title={count === 0 ? t('machine.nothing') : undefined}
        >
          <Sparkles aria-hidden /> {t('machine.button', { provider: name })}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {t('machine.failed', { message: error })}
        </p>
      ) : null}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('machine.title', { provider: name, language: languageLabel })}
        description={t('machine.description', { count })}
        confirmLabel={t('machine.confirm')}
        onConfirm={run}
      />
    </div>
  );
}
