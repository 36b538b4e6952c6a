import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_MIN_COUNT } from '../../../../shared/api.ts';
import { ALLERGENS } from '../../../../shared/constants.ts';
import { allergenNames } from '../../../../shared/i18n/allergen-names.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { activeLanguage } from '../../lib/i18n/i18n.ts';
import { languageLabel } from '../../lib/language-name.ts';
import { formatNumber as n } from '../../lib/format.ts';
import { BarList } from './chart-parts.tsx';
import { dayLabel, sparklinePoints, type GuestAnalytics } from './guest-analytics-data.ts';

/**
 * The dashboard's cards of what guests do on the menu (issue 22): the most opened dishes with a
 * sparkline each, the searches that found nothing (only those made at least SEARCH_MIN_COUNT
 * times, as the server sends them) and the filters and languages guests used.
 */

function EventCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card className="min-w-0">
      <CardHeader className="p-4 sm:p-6">
        <CardTitle className="text-base">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">{children}</CardContent>
    </Card>
  );
}

/** A tiny line of a dish's opens per day; its numbers are in its label (screen readers read them). */
export function Sparkline({ values, label }: { values: number[]; label: string }) {
  const width = 96;
  const height = 24;
  const points = sparklinePoints(values, width, height, 2);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${width} ${height}`} width={width} height={height} className="shrink-0 text-primary">
      <line x1="0" x2={width} y1={height - 1} y2={height - 1} className="stroke-border" strokeWidth="1" />
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

export function TopDishesCard({ data }: { data: GuestAnalytics }) {
  const { t } = useTranslation('dashboard');
  const locale = activeLanguage();
  const from = dayLabel(data.from, undefined, locale);
  const to = dayLabel(data.to, undefined, locale);
  return (
    <EventCard title={t('guests.topDishes')} description={t('guests.topDishesDescription')}>
      {data.topItems.length ? (
        <ol aria-label={t('guests.topDishes')} className="grid gap-2.5">
          {data.topItems.map((item, i) => {
            const name = item.name || t('guests.deletedDish');
            return (
              <li key={item.item} className="flex min-w-0 items-center gap-3 text-sm">
                <span aria-hidden className="w-5 shrink-0 text-right text-xs tabular-nums text-muted-foreground">
                  {i + 1}.
                </span>
                <span className="min-w-0 flex-1 truncate font-medium" title={name}>
                  {name}
                </span>
                <Sparkline
                  values={item.days}
                  label={t('guests.sparkline', { name, from, to, values: item.days.map((v) => n(v)).join(', ') })}
                />
                <span className="w-20 shrink-0 text-right text-xs tabular-nums text-muted-foreground">
                  {t('guests.openCount', { count: item.views })}
                </span>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="text-sm text-muted-foreground">{t('guests.noDishViews')}</p>
      )}
    </EventCard>
  );
}

export function SearchesCard({ data }: { data: GuestAnalytics }) {
  const { t } = useTranslation('dashboard');
  return (
    <EventCard title={t('guests.searches')} description={t('guests.searchesDescription', { min: SEARCH_MIN_COUNT })}>
      {data.searches.length ? (
        <BarList
          label={t('guests.searches')}
          single
          rows={data.searches.slice(0, 10).map((s) => ({
            key: s.term,
            name: <q className="font-normal">{s.term}</q>,
            value: s.count,
            figures: t('guests.timeCount', { count: s.count }),
          }))}
        />
      ) : (
        <p className="text-sm text-muted-foreground">{t('guests.noSearches', { min: SEARCH_MIN_COUNT })}</p>
      )}
    </EventCard>
  );
}

/** "Only: Vegan", "Without: Milk" for the beacon's `diet:vegan` and `hide:milk`. */
function useFilterName(): (term: string) => string {
  const { t } = useTranslation(['dashboard', 'menus']);
  return (term) => {
    const [kind, key = ''] = term.split(':');
    if (kind === 'diet') return t('dashboard:guests.filterOnly', { name: t(`menus:diets.names.${key}`, { defaultValue: key }) });
    const allergen = kind === 'hide' ? ALLERGENS.find((a) => a.key === key) : undefined;
    // The regulation's own name in the app's language, as the menu editor shows it.
    if (allergen) return t('dashboard:guests.filterHide', { name: allergenNames(activeLanguage()).names[allergen.key] ?? allergen.name });
    return term;
  };
}

export function FiltersCard({ data }: { data: GuestAnalytics }) {
  const { t } = useTranslation('dashboard');
  const filterName = useFilterName();
  const times = (count: number) => t('guests.timeCount', { count });
  return (
    <EventCard title={t('guests.filters')} description={t('guests.filtersDescription')}>
      {data.filters.length || data.languages.length ? (
        <div className="grid gap-5">
          {data.filters.length ? (
            <div className="grid gap-2">
              <h3 className="text-xs font-medium text-muted-foreground">{t('guests.filtersList')}</h3>
              <BarList
                label={t('guests.filtersList')}
                single
                rows={data.filters
                  .slice(0, 10)
                  .map((f) => ({ key: f.term, name: filterName(f.term), value: f.count, figures: times(f.count) }))}
              />
            </div>
          ) : null}
          {data.languages.length ? (
            <div className="grid gap-2">
              <h3 className="text-xs font-medium text-muted-foreground">{t('guests.languagesList')}</h3>
              <BarList
                label={t('guests.languagesList')}
                single
                rows={data.languages.slice(0, 10).map((l) => ({
                  key: l.term,
                  name: `${languageLabel(l.term)} (${l.term.toUpperCase()})`,
                  value: l.count,
                  figures: times(l.count),
                }))}
              />
            </div>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t('guests.noFilters')}</p>
      )}
    </EventCard>
  );
}
