import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowUpToLine, Plus, X } from 'lucide-react';
import { zLanguage } from '../../../../shared/schemas/domain.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { languageLabel, languageName } from '../../lib/language-name.ts';
import { errorText } from './error-text.ts';

/** The languages of a menu: codes added and removed, the first one is the default for the texts. */
export function LanguagesField({
  value,
  onChange,
  error,
  id,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
  id?: string;
}) {
  const { t } = useTranslation('menus');
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const hintId = useId();

  const add = () => {
    const raw = draft.trim();
    if (!raw) return;
    // Accept "de_at" and "DE-at" too: the stored form is "de-AT".
    const [lang = '', region] = raw.replace('_', '-').split('-');
    const code = region ? `${lang.toLowerCase()}-${region.toUpperCase()}` : lang.toLowerCase();
    const parsed = zLanguage.safeParse(code);
    if (!parsed.success) {
      setProblem(errorText(parsed.error.issues[0]?.message) ?? t('common:validation.languageCode'));
      return;
    }
    if (value.includes(code)) {
      setProblem(t('languages.already', { language: languageName(code) }));
      return;
    }
    onChange([...value, code]);
    setDraft('');
    setProblem(null);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };
  const message = problem ?? errorText(error);

  return (
    <div className="grid gap-3">
      <ul className="flex flex-wrap gap-2" aria-label={t('languages.label')}>
        {value.map((code, i) => (
          <li key={code} className="flex items-center gap-1 rounded-full border bg-muted/40 py-1 pl-3 pr-1 text-sm">
            <span className="font-medium">{languageLabel(code)}</span>
            <span className="font-mono text-xs text-muted-foreground">{code}</span>
            {i === 0 ? (
              <Badge variant="info" className="ml-1">
                {t('languages.default')}
              </Badge>
            ) : (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-7 rounded-full"
                aria-label={t('languages.makeDefaultLabel', { language: languageName(code) })}
                title={t('languages.makeDefault')}
                onClick={() => onChange([code, ...value.filter((c) => c !== code)])}
              >
                <ArrowUpToLine aria-hidden />
              </Button>
            )}
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-7 rounded-full"
              aria-label={t('languages.remove', { language: languageName(code) })}
              disabled={value.length <= 1}
              onClick={() => onChange(value.filter((c) => c !== code))}
            >
              <X aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Input
          id={id}
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            setProblem(null);
          }}
          onKeyDown={onKey}
          placeholder={t('languages.placeholder')}
          aria-label={t('languages.input')}
          aria-invalid={message ? true : undefined}
          aria-describedby={hintId}
          autoComplete="off"
          spellCheck={false}
          className="min-w-[10rem] flex-1 sm:max-w-xs"
        />
        <Button type="button" variant="outline" onClick={add} disabled={!draft.trim()}>
          <Plus aria-hidden /> {t('languages.add')}
        </Button>
      </div>
      <p
        id={hintId}
        className={message ? 'text-sm font-medium text-destructive' : 'text-sm text-muted-foreground'}
        role={message ? 'alert' : undefined}
      >
        {message ?? t('languages.hint')}
      </p>
    </div>
  );
}
