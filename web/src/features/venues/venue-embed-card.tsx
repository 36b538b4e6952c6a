import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { RecordModel } from 'pocketbase';
import { Copy } from 'lucide-react';
import { toast } from '../../lib/toast.ts';
import { copyText } from '../../lib/qr.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { MAX_EMBED_ORIGINS, normalizeEmbedOrigins, zEmbedOriginList } from '../../../../shared/schemas/embeds.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormSaveBar } from '../../components/form-save-bar.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Textarea } from '../../components/ui/input.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { useUnsavedChanges } from '../../hooks/use-unsaved-changes.ts';
import { embedSnippet } from './embed-snippet.ts';

/**
 * The allowed websites typed one per line, checked by the shared rule the server applies; its
 * first issue is the field's (a line's own path would not reach the one text field).
 */
const zEmbedForm = z.object({
  embedOrigins: z
    .string()
    .transform((v) =>
      v
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
    )
    .superRefine((list, ctx) => {
      const checked = zEmbedOriginList.safeParse(list);
      if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? '' });
    }),
});
type EmbedInput = z.input<typeof zEmbedForm>;
type EmbedValues = z.output<typeof zEmbedForm>;

const originsOf = (venue: RecordModel): string[] => (Array.isArray(venue.embedOrigins) ? (venue.embedOrigins as string[]) : []);

/** A snippet to paste, read-only, with its copy button. */
function Snippet({ label, code }: { label: string; code: string }) {
  const { t } = useTranslation('venues');
  const copy = async () => {
    try {
      await copyText(code);
      toast.success(t('embed.copied'));
    } catch (err) {
      console.warn(err);
      toast.error(t('embed.copyFailed'));
    }
  };
  return (
    <div className="grid gap-2" role="group" aria-label={label}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium">{label}</span>
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden /> {t('embed.copy')}
          <span className="sr-only"> ({label})</span>
        </Button>
      </div>
      <Textarea
        readOnly
        rows={5}
        value={code}
        aria-label={t('embed.snippetOf', { name: label })}
        className="min-w-0 resize-none font-mono text-xs"
        spellCheck={false}
        onFocus={(e) => e.currentTarget.select()}
      />
    </div>
  );
}

/**
 * "Embed on your website" (issue 22 item 5): the websites allowed to show the guest pages in an
 * iframe (each becomes a source of the pages' CSP `frame-ancestors`), and the snippet to paste for
 * the venue's page and for each of its menus, with the public JSON feed's address for developers.
 */
export function VenueEmbedCard({
  venue,
  appUrl,
  menus,
  onSave,
}: {
  venue: RecordModel;
  appUrl: string;
  menus: { id: string; name: string }[];
  onSave: (values: { embedOrigins: string[] }) => Promise<void>;
}) {
  const { t } = useTranslation('venues');
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<EmbedInput, unknown, EmbedValues>({
    resolver: zodResolver(zEmbedForm),
    defaultValues: { embedOrigins: originsOf(venue).join('\n') },
  });
  useUnsavedChanges(isDirty);
  useEffect(() => {
    if (!isDirty) reset({ embedOrigins: originsOf(venue).join('\n') });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [venue.updated, venue.id]);

  const submit = handleSubmit(async (values) => {
    const embedOrigins = normalizeEmbedOrigins(values.embedOrigins);
    try {
      await onSave({ embedOrigins });
      reset({ embedOrigins: embedOrigins.join('\n') });
      toast.success(t('embed.saved'));
    } catch (err) {
      if (handleApiError(err, setError, ['embedOrigins'])) toast.error(t('embed.notSaved'));
    }
  });

  const slug = encodeURIComponent(String(venue.slug ?? ''));
  const name = String(venue.name ?? '');
  const feedUrl = `${appUrl.replace(/\/+$/, '')}/m/${slug}.json`;
  const allowed = originsOf(venue);
  return (
    <Card role="region" aria-labelledby="embed-title">
      <CardHeader>
        <CardTitle id="embed-title">{t('embed.title')}</CardTitle>
        <CardDescription>{t('embed.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <form onSubmit={submit} noValidate className="grid gap-3" aria-label={t('embed.origins')}>
          <FormField
            label={t('embed.origins')}
            error={errors.embedOrigins?.message}
            hint={t('embed.originsHint', { max: MAX_EMBED_ORIGINS })}
          >
            <Textarea rows={3} placeholder="https://www.example.com" spellCheck={false} {...register('embedOrigins')} />
          </FormField>
          <FormSaveBar dirty={isDirty} submitting={isSubmitting} onDiscard={() => reset({ embedOrigins: allowed.join('\n') })} />
        </form>
        <div className="grid gap-4">
          <p className="text-sm text-muted-foreground" role={allowed.length ? undefined : 'note'}>
            {allowed.length ? t('embed.snippetsHint') : t('embed.noOrigins')}
          </p>
          <Snippet label={t('embed.venuePage')} code={embedSnippet(appUrl, `/m/${slug}`, name)} />
          {menus.map((menu) => (
            <Snippet
              key={menu.id}
              label={menu.name}
              code={embedSnippet(appUrl, `/m/${slug}/${encodeURIComponent(menu.id)}`, `${menu.name} – ${name}`)}
            />
          ))}
        </div>
        <p className="text-sm text-muted-foreground">
          {t('embed.feed')}{' '}
          <a href={feedUrl} target="_blank" rel="noopener noreferrer" className="break-all font-mono text-xs underline underline-offset-2">
            {feedUrl}
          </a>
        </p>
      </CardContent>
    </Card>
  );
}
