import { useState } from 'react';
import { Sparkles } from 'lucide-react';
import { pb } from '../../lib/pb.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import type { MachineTranslationProvider } from '../../../../shared/api.ts';

const PROVIDER: Record<MachineTranslationProvider, string> = { deepl: 'DeepL', libretranslate: 'LibreTranslate' };
const TEXT = {
  button: (provider: string) => `Translate missing with ${provider}`,
  nothing: 'Nothing is missing in this language.',
  title: (provider: string, language: string) => `Translate missing texts into ${language} with ${provider}?`,
  description: (count: number) =>
    `${count === 1 ? '1 text' : `${count} texts`} will be translated by machine. They arrive as drafts marked “Draft (machine)”: ` +
    'guests do not see them until you confirm each one. Texts you wrote or confirmed are never changed.',
  confirm: 'Translate',
  done: (count: number) => (count === 1 ? '1 draft to review' : `${count} drafts to review`),
  failed: 'Machine translation failed',
};

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
      toast.success(TEXT.done(result.translated));
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
          title={count === 0 ? TEXT.nothing : undefined}
        >
          <Sparkles aria-hidden /> {TEXT.button(name)}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {TEXT.failed}: {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={TEXT.title(name, languageLabel)}
        description={TEXT.description(count)}
        confirmLabel={TEXT.confirm}
        onConfirm={run}
      />
    </div>
  );
}
