import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Languages } from 'lucide-react';
import { paths } from '../../app/paths.ts';
import { sourceTexts, translationState } from '../../../../shared/translations.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { languageLabel } from '../../lib/language-name.ts';
import { blockAnchor } from './translation-rows.ts';
import type { Item } from './types.ts';

/**
 * An item's translations at a glance in the item editor, per language, with a link to its place
 * in the menu's translation view (the one place where translations are edited).
 */
export function ItemTranslationStatus({ item, languages, menuId }: { item: Item | null; languages: string[]; menuId: string }) {
  const { t } = useTranslation('menus');
  if (!item) return <p className="text-sm text-muted-foreground">{t('itemStatus.saveFirst')}</p>;
  const sources = Object.entries(sourceTexts('items', item));
  return (
    <ul className="grid gap-2">
      {languages.slice(1).map((lang) => {
        const states = sources.map(([key, source]) => translationState(item.translations[lang]?.[key], source));
        const done = states.filter((s) => s === 'done').length;
        return (
          <li key={lang} className="flex flex-wrap items-center gap-2 rounded-md border p-2 text-sm">
            <span className="font-medium">{languageLabel(lang)}</span>
            <span className="text-muted-foreground">{t('itemStatus.done', { done, total: sources.length })}</span>
            {states.includes('machine') ? <Badge variant="info">{t('field.machine')}</Badge> : null}
            {states.includes('outdated') ? <Badge variant="warning">{t('field.outdated')}</Badge> : null}
            <Link
              href={paths.menuTranslate(menuId, lang, blockAnchor('item', item.id))}
              className="ml-auto inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
            >
              <Languages className="size-4" aria-hidden /> {t('itemStatus.translate')}
              <span className="sr-only"> {languageLabel(lang)}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
