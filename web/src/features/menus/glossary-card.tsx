import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Plus, X } from 'lucide-react';
import { pb } from '../../lib/pb.ts';
import { reportError } from '../../lib/action-errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { toMenu, type Menu } from './types.ts';

/** The contract's limits of `menus.glossary`. */
const GLOSSARY_MAX_TERMS = 200;
const GLOSSARY_TERM_MAX = 100;

/** The menu's glossary (`menus.glossary`): terms machine translation keeps as written. */
export function GlossaryCard({ menu, onSaved }: { menu: Menu; onSaved: (menu: Menu) => void }) {
  const { t } = useTranslation('menus');
  const [, navigate] = useLocation();
  const [term, setTerm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const saveTerms = async (glossary: string[]): Promise<boolean> => {
    setBusy(true);
    try {
      onSaved(toMenu(await pb.collection('menus').update(menu.id, { glossary })));
      return true;
    } catch (err) {
      reportError(err, navigate, t('glossary.failed'));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const next = term.trim();
    if (!next) return;
    if (next.length > GLOSSARY_TERM_MAX) return setError(t('glossary.tooLong', { max: GLOSSARY_TERM_MAX }));
    if (menu.glossary.length >= GLOSSARY_MAX_TERMS) return setError(t('glossary.tooMany', { max: GLOSSARY_MAX_TERMS }));
    if (menu.glossary.some((g) => g.toLowerCase() === next.toLowerCase())) return setError(t('glossary.duplicate'));
    setError(null);
    if (await saveTerms([...menu.glossary, next])) setTerm('');
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t('glossary.title')}</CardTitle>
        <CardDescription>{t('glossary.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {menu.glossary.length ? (
          <ul className="flex flex-wrap gap-2" aria-label={t('glossary.title')}>
            {menu.glossary.map((word) => (
              <li key={word} className="inline-flex max-w-full items-center gap-1 rounded-full border py-0.5 pl-3 pr-1 text-sm">
                <span className="truncate">{word}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-7"
                  disabled={busy}
                  aria-label={t('glossary.remove', { term: word })}
                  onClick={() => void saveTerms(menu.glossary.filter((g) => g !== word))}
                >
                  <X aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t('glossary.empty')}</p>
        )}
        <form onSubmit={(e) => void add(e)} noValidate className="grid gap-1">
          <div className="flex gap-2">
            <Input
              value={term}
              onChange={(e) => setTerm(e.target.value)}
              placeholder={t('glossary.placeholder')}
              aria-label={t('glossary.input')}
              aria-invalid={error ? true : undefined}
              autoComplete="off"
            />
            <Button
              type="submit"
              variant="secondary"
              size="icon"
              className="shrink-0"
              loading={busy}
              aria-label={t('glossary.add')}
              title={t('glossary.add')}
            >
              <Plus aria-hidden />
            </Button>
          </div>
          {error ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
