import { useTranslation } from 'react-i18next';
import { useEffect, useId, useRef, useState } from 'react';
import useSWR from 'swr';
import type { RecordModel } from 'pocketbase';
import { ImageUp, Trash2 } from 'lucide-react';
import { FONT_PAIRINGS, FONT_STACKS, fontPairingOf, LAYOUTS, layoutOf, type FontPairing, type Layout } from '../../../../shared/themes.ts';
import { normalizeHex } from '../../../../shared/contrast.ts';
import { pb } from '../../lib/pb.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton } from '../../components/ui/card.tsx';
import { FormSaveBar } from '../../components/form-save-bar.tsx';

/** A menu the venue lists (its layout is the menu's own, shared/themes.ts). */
export interface DesignMenu {
  id: string;
  name: string;
  languages: string[];
}

export interface DesignValues {
  fontPairing: FontPairing;
  primaryColor: string;
}

const COVER_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const COVER_MAX_BYTES = 5 * 1024 * 1024;

/** A small drawing of each layout on its radio card (decorative). */
function LayoutSketch({ layout }: { layout: Layout }) {
  const bar = (x: number, y: number, w: number, h = 3) => (
    <rect x={x} y={y} width={w} height={h} rx={1.5} className="fill-current opacity-60" />
  );
  const photo = (x: number, y: number, w: number, h: number) => (
    <rect x={x} y={y} width={w} height={h} rx={2} className="fill-primary/40" />
  );
  return (
    <svg viewBox="0 0 48 36" className="h-9 w-12 text-muted-foreground" aria-hidden>
      {layout === 'list'
        ? [0, 12, 24].map((y) => (
            <g key={y}>
              {bar(2, y + 3, 28)}
              {photo(36, y + 1, 10, 9)}
            </g>
          ))
        : layout === 'cards'
          ? [0, 18].map((y) => (
              <g key={y}>
                {photo(2, y, 44, 10)}
                {bar(2, y + 12, 26)}
              </g>
            ))
          : layout === 'compact'
            ? [2, 9, 16, 23, 30].map((y) => (
                <g key={y}>
                  {bar(2, y, 30)}
                  {bar(38, y, 8)}
                </g>
              ))
            : [2, 19].flatMap((y) =>
                [2, 18, 34].map((x) => (
                  <g key={`${x}-${y}`}>
                    {photo(x, y, 12, 10)}
                    {bar(x, y + 12, 10, 2)}
                  </g>
                )),
              )}
    </svg>
  );
}

/**
 * The guest page's design: the layout of one of the venue's menus, the font pairing, the brand
 * colour and the cover image, with the real guest page of that menu beside them at phone width
 * (the staff preview route with the unsaved values as parameters, which only the preview honours)
 * so the owner sees each choice before saving. The cover uploads at once, like the logo.
 */
export function VenueDesignCard({
  venue,
  menus,
  onSave,
  onUploadCover,
  onRemoveCover,
}: {
  venue: RecordModel;
  menus: DesignMenu[];
  onSave: (values: DesignValues) => Promise<void>;
  onUploadCover: (file: File) => Promise<void>;
  onRemoveCover: () => Promise<void>;
}) {
  const { t } = useTranslation('venues');
  const id = useId();
  const stored: DesignValues = {
    fontPairing: fontPairingOf(venue.fontPairing),
    primaryColor: normalizeHex(String(venue.primaryColor ?? '')) ?? '#0f766e',
  };
  const [font, setFont] = useState(stored.fontPairing);
  const [color, setColor] = useState(stored.primaryColor);
  const [menuId, setMenuId] = useState(menus[0]?.id ?? '');
  const menu = menus.find((m) => m.id === menuId) ?? menus[0];
  const savedLayout = useSWR(menu ? ['menu-layout', menu.id] : null, async () =>
    layoutOf((await pb.collection('menus').getOne(menu?.id ?? '', { fields: 'id,layout' })).layout),
  );
  const [layout, setLayout] = useState<Layout | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [coverBusy, setCoverBusy] = useState(false);
  const coverInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setFont(stored.fontPairing);
    setColor(stored.primaryColor);
  }, [stored.fontPairing, stored.primaryColor]);
  useEffect(() => setLayout(null), [menu?.id]);

  const shownLayout = layout ?? savedLayout.data ?? 'list';
  const layoutDirty = layout !== null && savedLayout.data !== undefined && layout !== savedLayout.data;
  const dirty = layoutDirty || font !== stored.fontPairing || color !== stored.primaryColor;

  // The preview link of the chosen menu (signed, short-lived), then the unsaved values as parameters.
  const link = useSWR(
    menu ? ['menu-preview', menu.id, menu.languages[0] ?? 'en'] : null,
    async () =>
      (
        await pb.send<{ url: string }>(`/api/menus/${encodeURIComponent(menu?.id ?? '')}/preview-link`, {
          method: 'POST',
          body: { language: menu?.languages[0] ?? 'en' },
        })
      ).url,
  );
  // The colour picker fires on every drag: the frame follows once it rests.
  const [frameColor, setFrameColor] = useState(color);
  useEffect(() => {
    const timer = setTimeout(() => setFrameColor(color), 250);
    return () => clearTimeout(timer);
  }, [color]);
  const params = new URLSearchParams({ layout: shownLayout, font, color: frameColor });
  const cover = venue.cover ? pb.files.getURL(venue, String(venue.cover), { thumb: '480x160' }) : '';

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      if (layoutDirty && menu && layout) {
        await pb.collection('menus').update(menu.id, { layout });
        await savedLayout.mutate(layout, { revalidate: false });
        setLayout(null);
      }
      // The venue's part (and the page's "saved" notice) even when only the layout changed.
      await onSave({ fontPairing: font, primaryColor: color });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  const chooseCover = async (file: File | undefined) => {
    if (coverInput.current) coverInput.current.value = '';
    if (!file) return;
    setError(null);
    if (!COVER_TYPES.includes(file.type)) return setError(t('design.coverType'));
    if (file.size > COVER_MAX_BYTES) return setError(t('design.coverSize'));
    setCoverBusy(true);
    try {
      await onUploadCover(file);
      void link.mutate();
    } catch {
      /* reported by the page */
    } finally {
      setCoverBusy(false);
    }
  };
  const removeCover = async () => {
    setCoverBusy(true);
    try {
      await onRemoveCover();
      void link.mutate();
    } catch {
      /* reported by the page */
    } finally {
      setCoverBusy(false);
    }
  };

  const radioCard = (checked: boolean) =>
    cn(
      'flex cursor-pointer flex-col items-start gap-1 rounded-md border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
      checked && 'border-primary bg-primary/5',
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('design.title')}</CardTitle>
        <CardDescription>{t('design.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-6 2xl:grid-cols-[minmax(0,1fr)_auto]"
          aria-label={t('design.title')}
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <div className="grid min-w-0 content-start gap-5">
            {menus.length > 1 ? (
              <label className="grid gap-1 text-sm">
                <span className="font-medium">{t('design.menu')}</span>
                <select
                  className="h-9 rounded-md border bg-background px-2"
                  value={menu?.id ?? ''}
                  onChange={(e) => setMenuId(e.target.value)}
                  disabled={layoutDirty}
                >
                  {menus.map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.name}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            {menu ? (
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">{t('design.layout', { menu: menu.name })}</legend>
                <div className="grid grid-cols-2 gap-2">
                  {LAYOUTS.map((l) => (
                    <label key={l} className={radioCard(shownLayout === l)}>
                      <input
                        type="radio"
                        name={`${id}-layout`}
                        value={l}
                        checked={shownLayout === l}
                        onChange={() => setLayout(l)}
                        className="sr-only"
                      />
                      <LayoutSketch layout={l} />
                      <span className="font-medium">{t(`design.layouts.${l}`)}</span>
                      <span className="text-xs text-muted-foreground">{t(`design.layoutHints.${l}`)}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : null}
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">{t('design.font')}</legend>
              <div className="grid grid-cols-2 gap-2">
                {FONT_PAIRINGS.map((f) => (
                  <label key={f} className={radioCard(font === f)}>
                    <input
                      type="radio"
                      name={`${id}-font`}
                      value={f}
                      checked={font === f}
                      onChange={() => setFont(f)}
                      className="sr-only"
                    />
                    <span className="text-2xl leading-none" style={{ fontFamily: FONT_STACKS[f].heading }} aria-hidden>
                      Aa
                    </span>
                    <span className="font-medium" style={{ fontFamily: FONT_STACKS[f].body }}>
                      {t(`design.fonts.${f}`)}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <label className="flex items-center gap-3 text-sm">
              <input
                type="color"
                value={color}
                onChange={(e) => setColor(e.target.value)}
                className="h-9 w-12 cursor-pointer rounded border bg-background p-0.5"
              />
              <span className="grid gap-0.5">
                <span className="font-medium">{t('design.color')}</span>
                <span className="text-muted-foreground">{t('design.colorHint')}</span>
              </span>
            </label>
            <div className="grid gap-2 text-sm">
              <span className="font-medium">{t('design.cover')}</span>
              {cover ? <img src={cover} alt="" className="aspect-[3/1] w-full max-w-sm rounded-md border object-cover" /> : null}
              <div className="flex flex-wrap gap-2">
                <Button type="button" variant="outline" size="sm" onClick={() => coverInput.current?.click()} loading={coverBusy}>
                  <ImageUp aria-hidden /> {cover ? t('design.coverReplace') : t('design.coverUpload')}
                </Button>
                {cover ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="text-muted-foreground hover:text-destructive"
                    onClick={() => void removeCover()}
                    disabled={coverBusy}
                  >
                    <Trash2 aria-hidden /> {t('design.coverRemove')}
                  </Button>
                ) : null}
              </div>
              <span className="text-xs text-muted-foreground">{t('design.coverHint')}</span>
              <input
                ref={coverInput}
                type="file"
                accept={COVER_TYPES.join(',')}
                hidden
                aria-label={t('design.coverFile')}
                onChange={(e) => void chooseCover(e.target.files?.[0])}
              />
            </div>
            {error ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <div className="grid content-start justify-items-center gap-2">
            <span className="text-sm font-medium" id={`${id}-preview`}>
              {t('design.preview')}
            </span>
            {!menu ? (
              <p className="w-[320px] max-w-full rounded-md border p-4 text-sm text-muted-foreground">{t('design.noMenu')}</p>
            ) : link.data ? (
              <iframe
                src={`${link.data}?${params.toString()}`}
                title={t('design.frame', { menu: menu.name })}
                aria-describedby={`${id}-preview`}
                data-testid="design-preview"
                className="h-[640px] w-[390px] max-w-full rounded-xl border-4 border-foreground/80 bg-white"
              />
            ) : link.error ? (
              <p role="alert" className="w-[320px] max-w-full text-sm text-destructive">
                {t('design.previewFailed', { message: errorMessage(link.error) })}
              </p>
            ) : (
              <Skeleton className="h-[640px] w-[390px] max-w-full" aria-busy="true" />
            )}
          </div>
          <div className="2xl:col-span-2">
            <FormSaveBar
              dirty={dirty}
              submitting={saving}
              onDiscard={() => {
                setFont(stored.fontPairing);
                setColor(stored.primaryColor);
                setLayout(null);
              }}
            />
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
