import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'wouter';
import { useSWRConfig } from 'swr';
import { ArrowLeft, Eye, EyeOff, MonitorSmartphone } from 'lucide-react';
import { useTitle } from '../../hooks/use-title.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { useLiveRecords } from '../../hooks/use-live-records.ts';
import { usePublicConfig } from '../../hooks/use-public-config.ts';
import { pb } from '../../lib/pb.ts';
import { swrKeys } from '../../lib/swr-keys.ts';
import { reportError } from '../../lib/action-errors.ts';
import { languageLabel, languageName } from '../../lib/language-name.ts';
import { cn } from '../../lib/cn.ts';
import { paths } from '../../app/paths.ts';
import { translationProgress, type TranslationProgress } from '../../../../shared/translations.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { GlossaryCard } from './glossary-card.tsx';
import { MachineTranslateButton } from './machine-translate-button.tsx';
import { useMenuTexts } from './menu-data.ts';
import { PreviewDialog } from './preview-dialog.tsx';
import { Switch } from './switch.tsx';
import { TranslationField } from './translation-field.tsx';
import {
  fieldLabel,
  machineCandidates,
  matchesFilter,
  menuTexts,
  translationBlocks,
  type FieldLabels,
  type MenuTexts,
  type TranslationBlock,
  type TranslationFilter,
  type TranslationRow,
} from './translation-rows.ts';
import { fieldWrite } from '../../lib/translation-write.ts';
import { toMenu } from './types.ts';
import { fieldKey, useTranslationSaves } from './use-translation-saves.ts';

const FILTERS: TranslationFilter[] = ['all', 'missing', 'outdated', 'machine'];

export default function TranslatePage() {
  const { t } = useTranslation('menus');
  const { menuId = '' } = useParams<{ menuId: string }>();
  const { organization } = useAuth();
  const [, navigate] = useLocation();
  const [search, setSearch] = useSearchParams();
  const { data, error } = useMenuTexts(menuId, organization?.id);
  useTitle(t('translate.title'));

  const key = swrKeys.menuTexts(menuId);
  const sectionIds = useMemo(() => new Set((data?.sections ?? []).map((s) => s.id)), [data]);
  const itemIds = useMemo(() => new Set((data?.items ?? []).map((i) => i.id)), [data]);
  const groupIds = useMemo(() => new Set((data?.optionGroups ?? []).map((g) => g.id)), [data]);
  useLiveRecords({
    collection: 'menus',
    topic: menuId,
    targets: [key],
    onEvent: (e) => {
      if (e.action === 'delete') navigate(paths.menus(), { replace: true });
    },
  });
  useLiveRecords({ collection: 'sections', topic: '*', when: (e) => e.record.menu === menuId, targets: [key] });
  useLiveRecords({ collection: 'items', topic: '*', when: (e) => sectionIds.has(String(e.record.section)), targets: [key] });
  useLiveRecords({ collection: 'tags', topic: '*', when: (e) => e.record.organization === organization?.id, targets: [key] });
  useLiveRecords({ collection: 'option_groups', topic: '*', when: (e) => e.record.organization === organization?.id, targets: [key] });
  useLiveRecords({ collection: 'options', topic: '*', when: (e) => groupIds.has(String(e.record.group)), targets: [key] });
  useLiveRecords({ collection: 'set_courses', topic: '*', when: (e) => itemIds.has(String(e.record.item)), targets: [key] });

  if (error) {
    const missing = (error as { status?: number }).status === 404;
    return (
      <Card className="grid justify-items-center gap-3 p-10 text-center">
        <h1 className="text-lg font-semibold">{missing ? t('page.notFound') : t('translate.loadFailed')}</h1>
        <p className="text-sm text-muted-foreground">{missing ? t('notFoundHint') : t('loadFailedHint')}</p>
        <Link className={buttonVariants({ variant: 'outline' })} href={paths.menus()}>
          {t('backToMenus')}
        </Link>
      </Card>
    );
  }
  if (!data) return <PageSkeleton />;

  const [sourceLang = 'en', ...targets] = data.menu.languages;
  const back = (
    <Link
      href={paths.menu(menuId)}
      className="mb-3 inline-flex max-w-full items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4 shrink-0" aria-hidden /> <span className="truncate">{data.menu.name || t('translate.back')}</span>
    </Link>
  );
  if (!targets.length) {
    return (
      <>
        {back}
        <Card className="grid justify-items-center gap-3 p-10 text-center">
          <h1 className="text-lg font-semibold">{t('translate.oneLanguage')}</h1>
          <p className="text-sm text-muted-foreground">{t('translate.oneLanguageHint')}</p>
          <Link className={buttonVariants({ variant: 'outline' })} href={paths.menu(menuId)}>
            {t('translate.openMenu')}
          </Link>
        </Card>
      </>
    );
  }
  const wanted = search.get('lang') ?? '';
  const lang = targets.includes(wanted) ? wanted : (targets[0] as string);

  return (
    <>
      {back}
      <PageHeader
        title={t('translate.title')}
        description={t('translate.description', { menu: data.menu.name, source: languageName(sourceLang) })}
      />
      <TranslateView
        data={data}
        sourceLang={sourceLang}
        targets={targets}
        lang={lang}
        onLanguage={(next) => setSearch({ lang: next }, { replace: true })}
      />
    </>
  );
}

function TranslateView({
  data,
  sourceLang,
  targets,
  lang,
  onLanguage,
}: {
  data: MenuTexts;
  sourceLang: string;
  targets: string[];
  lang: string;
  onLanguage: (lang: string) => void;
}) {
  const { t } = useTranslation('menus');
  const menu = data.menu;
  const texts = useMemo(() => menuTexts(data), [data]);
  const blocks = useMemo(() => translationBlocks(data, lang), [data, lang]);
  const progress = translationProgress(texts, lang);
  const saves = useTranslationSaves(menu.id, data);

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="grid min-w-0 gap-4">
        <nav aria-label={t('translate.languages')} className="flex flex-wrap gap-2">
          {targets.map((l) => {
            const p = translationProgress(texts, l);
            return (
              <button
                key={l}
                type="button"
                aria-pressed={l === lang}
                onClick={() => onLanguage(l)}
                className={cn(buttonVariants({ variant: l === lang ? 'default' : 'outline', size: 'sm' }), 'tabular-nums')}
                title={languageLabel(l)}
              >
                <span className="font-mono">{l}</span> {p.percent} %
              </button>
            );
          })}
        </nav>
        <LanguagePanel key={`panel-${lang}`} data={data} sourceLang={sourceLang} lang={lang} progress={progress} blocks={blocks} />
        <FieldList key={lang} blocks={blocks} sourceLang={sourceLang} lang={lang} saves={saves} />
      </div>
      <div className="grid gap-4 lg:sticky lg:top-4">
        <GlossaryCardLive data={data} />
      </div>
    </div>
  );
}

function GlossaryCardLive({ data }: { data: MenuTexts }) {
  const { mutate } = useSWRConfig();
  return (
    <GlossaryCard
      menu={data.menu}
      onSaved={(menu) =>
        void mutate(swrKeys.menuTexts(menu.id), (d: MenuTexts | undefined) => (d ? { ...d, menu } : d), { revalidate: false })
      }
    />
  );
}

/** The chosen language's state: progress, whether guests see it, publish anyway, machine translation, preview. */
function LanguagePanel({
  data,
  sourceLang,
  lang,
  progress,
  blocks,
}: {
  data: MenuTexts;
  sourceLang: string;
  lang: string;
  progress: TranslationProgress;
  blocks: TranslationBlock[];
}) {
  const { t } = useTranslation('menus');
  const { mutate } = useSWRConfig();
  const [, navigate] = useLocation();
  const { machineTranslation } = usePublicConfig();
  const [previewOpen, setPreviewOpen] = useState(false);
  const menu = data.menu;
  const key = swrKeys.menuTexts(menu.id);
  const complete = progress.percent === 100;
  const publishedAnyway = menu.publishIncomplete.includes(lang);
  const shown = complete || publishedAnyway;
  const label = languageName(lang);

  const setPublishAnyway = async (next: boolean) => {
    const publishIncomplete = next
      ? [...menu.publishIncomplete.filter((l) => l !== lang), lang]
      : menu.publishIncomplete.filter((l) => l !== lang);
    await mutate(key, { ...data, menu: { ...menu, publishIncomplete } }, { revalidate: false });
    try {
      const saved = toMenu(await pb.collection('menus').update(menu.id, { publishIncomplete }));
      await mutate(key, (d: MenuTexts | undefined) => (d ? { ...d, menu: saved } : d), { revalidate: false });
    } catch (err) {
      await mutate(key);
      reportError(err, navigate, next ? t('translate.publishFailed') : t('translate.unpublishFailed'));
    }
  };

  return (
    <Card className="grid gap-4 p-4" data-testid="language-panel">
      <div className="grid gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold">
            {languageLabel(lang)} <span className="font-mono text-sm text-muted-foreground">{lang}</span>
          </h2>
          <span className="text-2xl font-semibold tabular-nums" data-testid="progress-percent">
            {progress.percent} %
          </span>
        </div>
        <div
          role="progressbar"
          aria-label={t('translate.progressLabel', { language: label })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.percent}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${progress.percent}%` }} />
        </div>
        <p className="text-xs text-muted-foreground">
          {t('translate.counts', {
            done: progress.done,
            total: progress.total,
            drafts: t('translate.drafts', { count: progress.machine }),
            outdated: progress.outdated,
            missing: progress.missing,
          })}
        </p>
      </div>
      <div className="grid gap-1">
        <p className="flex items-center gap-2 text-sm font-medium" data-testid="guest-status">
          {shown ? (
            <Eye className="size-4 text-emerald-600" aria-hidden />
          ) : (
            <EyeOff className="size-4 text-muted-foreground" aria-hidden />
          )}
          {complete
            ? t('translate.shown')
            : publishedAnyway
              ? t('translate.shownIncomplete', { source: languageName(sourceLang) })
              : t('translate.hidden')}
        </p>
        {menu.status !== 'published' ? <p className="text-xs text-muted-foreground">{t('translate.menuDraft')}</p> : null}
      </div>
      <div className="flex flex-wrap items-start gap-3">
        {!complete ? (
          <label className="flex h-10 items-center gap-3 rounded-md border px-3 text-sm">
            <Switch
              checked={publishedAnyway}
              onCheckedChange={(v) => void setPublishAnyway(v)}
              aria-label={t('translate.publishAnywayLabel', { language: label })}
            />
            {t('translate.publishAnyway')}
          </label>
        ) : null}
        <Button type="button" variant="outline" onClick={() => setPreviewOpen(true)}>
          <MonitorSmartphone aria-hidden /> {t('translate.preview')}
        </Button>
        {machineTranslation ? (
          <MachineTranslateButton
            menuId={menu.id}
            provider={machineTranslation}
            language={lang}
            languageLabel={label}
            count={machineCandidates(blocks)}
            onDone={() => void mutate(key)}
          />
        ) : null}
      </div>
      <PreviewDialog open={previewOpen} onOpenChange={setPreviewOpen} menuId={menu.id} language={lang} languageLabel={label} />
    </Card>
  );
}

/** The filters and every field of one language; Enter saves and moves focus to the next field. */
function FieldList({
  blocks,
  sourceLang,
  lang,
  saves,
}: {
  blocks: TranslationBlock[];
  sourceLang: string;
  lang: string;
  saves: ReturnType<typeof useTranslationSaves>;
}) {
  const { t } = useTranslation('menus');
  const [filter, setFilter] = useState<TranslationFilter>('all');
  // Fields stay listed once focused, so a text does not vanish from "Missing" while it is being written.
  const [pinned, setPinned] = useState<ReadonlySet<string>>(new Set());
  const inputs = useRef(new Map<string, HTMLInputElement | HTMLTextAreaElement>());
  const labels: FieldLabels = {
    name: t('translate.labels.name'),
    description: t('translate.labels.description'),
    address: t('translate.labels.address'),
    tag: t('translate.labels.tag'),
    priceLabel: (n) => t('translate.labels.priceLabel', { n }),
    portion: t('translate.labels.portion'),
    option: (n) => t('translate.labels.option', { n }),
    course: (n) => t('translate.labels.course', { n }),
    courseText: (n) => t('translate.labels.courseText', { n }),
  };
  const allRows = blocks.flatMap((b) => b.rows);
  const counts = Object.fromEntries(FILTERS.map((f) => [f, allRows.filter((r) => matchesFilter(r, f)).length])) as Record<
    TranslationFilter,
    number
  >;
  const visible = blocks
    .map((b) => ({ ...b, rows: b.rows.filter((r) => matchesFilter(r, filter) || pinned.has(r.id)) }))
    .filter((b) => b.rows.length);
  const order = visible.flatMap((b) => b.rows.map((r) => r.id));

  // A link from the item or section editor (`#item-<id>`) lands on that block's first field.
  const jumped = useRef(false);
  useEffect(() => {
    if (jumped.current) return;
    jumped.current = true;
    const anchor = decodeURIComponent(window.location.hash.slice(1));
    const target = anchor ? document.getElementById(anchor) : null;
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.querySelector<HTMLElement>('input, textarea')?.focus({ preventScroll: true });
  }, []);

  const valueOf = (row: TranslationRow) => saves.drafts[fieldKey(lang, row.id)] ?? row.entry?.text ?? '';
  const focusAfter = (rowId: string) => {
    const next = order[order.indexOf(rowId) + 1];
    if (next) inputs.current.get(next)?.focus();
  };
  const onEnter = (row: TranslationRow) => {
    const write = fieldWrite(valueOf(row), row.entry, row.source);
    if (write) void saves.save(row, lang, write);
    focusAfter(row.id);
  };
  const onBlur = (row: TranslationRow) => {
    // Leaving a changed field (Tab, a click elsewhere) saves it too; only Enter confirms drafts.
    const write = fieldWrite(valueOf(row), row.entry, row.source);
    if (write?.kind === 'text') void saves.save(row, lang, write);
  };

  return (
    <div className="grid gap-4">
      <div role="group" aria-label={t('translate.filters')} className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            onClick={() => {
              setFilter(f);
              setPinned(new Set());
            }}
            className={cn(buttonVariants({ variant: filter === f ? 'secondary' : 'ghost', size: 'sm' }), 'tabular-nums')}
          >
            {t(`translate.filter.${f}`)} <span className="text-muted-foreground">{counts[f]}</span>
          </button>
        ))}
      </div>
      {allRows.length === 0 ? (
        <p className="rounded-md border border-dashed p-8 text-center text-sm text-muted-foreground">{t('translate.nothing')}</p>
      ) : visible.length === 0 ? (
        <p className="rounded-md border border-dashed p-8 text-center text-sm text-muted-foreground">
          {t(`translate.noneMatch.${filter}`)}
        </p>
      ) : (
        visible.map((block) => (
          <section key={block.anchor} id={block.anchor} aria-labelledby={`${block.anchor}-h`} className="scroll-mt-4">
            <Card className={cn('px-4 py-2', block.kind === 'item' && 'ml-0 sm:ml-4')}>
              {block.kind === 'item' ? (
                <h3 id={`${block.anchor}-h`} className="pt-2 text-sm font-semibold">
                  {block.title}
                </h3>
              ) : (
                <h2 id={`${block.anchor}-h`} className="pt-2 text-base font-semibold">
                  {block.kind === 'menu'
                    ? t('translate.menuBlock', { name: block.title })
                    : block.kind === 'section'
                      ? t('translate.sectionBlock', { name: block.title })
                      : block.kind === 'group'
                        ? t('translate.groupBlock', { name: block.title })
                        : t('translate.tagsBlock')}
                </h2>
              )}
              <div>
                {block.rows.map((row) => (
                  <TranslationField
                    key={row.id}
                    ref={(el) => {
                      if (el) inputs.current.set(row.id, el);
                      else inputs.current.delete(row.id);
                    }}
                    row={row}
                    context={block.kind === 'tags' ? row.source : block.title}
                    label={fieldLabel(row, labels)}
                    sourceLang={sourceLang}
                    targetLang={lang}
                    value={valueOf(row)}
                    status={saves.status[fieldKey(lang, row.id)]}
                    onChange={(text) => saves.setDraft(fieldKey(lang, row.id), text)}
                    onEnter={() => onEnter(row)}
                    onBlur={() => onBlur(row)}
                    onFocus={() => setPinned((p) => (p.has(row.id) ? p : new Set(p).add(row.id)))}
                  />
                ))}
              </div>
            </Card>
          </section>
        ))
      )}
    </div>
  );
}
