import { Link } from 'wouter';
import { Languages } from 'lucide-react';
import { paths } from '../../app/paths.ts';
import { sourceTexts, translationState } from '../../../../shared/translations.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { languageName } from '../../lib/language-name.ts';
import { blockAnchor } from './translation-rows.ts';
import type { Item } from './types.ts';

const TEXT = {
  saveFirst: 'Save the item first; then translate it in the translation view.',
  done: (done: number, total: number) => `${done} of ${total} texts translated`,
  machine: 'Draft (machine)',
  outdated: 'Source changed',
  translate: 'Translate',
};

/**
 * An item's translations at a glance in the item editor, per language, with a link to its place
 * in the menu's translation view (the one place where translations are edited).
 */
export function ItemTranslationStatus({ item, languages, menuId }: { item: Item | null; languages: string[]; menuId: string }) {
  if (!item) return <p className="text-sm text-muted-foreground">{TEXT.saveFirst}</p>;
  const sources = Object.entries(sourceTexts('items', item));
  return (
    <ul className="grid gap-2">
      {languages.slice(1).map((lang) => {
        const states = sources.map(([key, source]) => translationState(item.translations[lang]?.[key], source));
        const done = states.filter((s) => s === 'done').length;
        return (
          <li key={lang} className="flex flex-wrap items-center gap-2 rounded-md border p-2 text-sm">
            <span className="font-medium">{languageName(lang)}</span>
            <span className="text-muted-foreground">{TEXT.done(done, sources.length)}</span>
            {states.includes('machine') ? <Badge variant="info">{TEXT.machine}</Badge> : null}
            {states.includes('outdated') ? <Badge variant="warning">{TEXT.outdated}</Badge> : null}
            <Link
              href={paths.menuTranslate(menuId, lang, blockAnchor('item', item.id))}
              className="ml-auto inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
            >
              <Languages className="size-4" aria-hidden /> {TEXT.translate}
              <span className="sr-only"> {languageName(lang)}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
