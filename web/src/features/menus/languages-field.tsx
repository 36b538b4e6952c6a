import { useId, useState, type KeyboardEvent } from 'react';
import { ArrowUpToLine, Plus, X } from 'lucide-react';
import { zLanguage } from '../../../../shared/schemas/domain.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { languageName } from '../../lib/language-name.ts';

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
      setProblem(parsed.error.issues[0]?.message ?? 'Use a language code like en or de-AT');
      return;
    }
    if (value.includes(code)) {
      setProblem(`${languageName(code)} is already on the menu`);
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
  const message = problem ?? error;

  return (
    <div className="grid gap-3">
      <ul className="flex flex-wrap gap-2" aria-label="Menu languages">
        {value.map((code, i) => (
          <li key={code} className="flex items-center gap-1 rounded-full border bg-muted/40 py-1 pl-3 pr-1 text-sm">
            <span className="font-medium">{languageName(code)}</span>
            <span className="font-mono text-xs text-muted-foreground">{code}</span>
            {i === 0 ? (
              <Badge variant="info" className="ml-1">
                Default
              </Badge>
            ) : (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-7 rounded-full"
                aria-label={`Make ${languageName(code)} the default language`}
                title="Make default"
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
              aria-label={`Remove ${languageName(code)}`}
              disabled={value.length <= 1}
              onClick={() => onChange(value.filter((c) => c !== code))}
            >
              <X aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            setProblem(null);
          }}
          onKeyDown={onKey}
          placeholder="Code, e.g. de or es-MX"
          aria-label="Language code to add"
          aria-invalid={message ? true : undefined}
          aria-describedby={hintId}
          autoComplete="off"
          spellCheck={false}
          className="max-w-xs"
        />
        <Button type="button" variant="outline" onClick={add} disabled={!draft.trim()}>
          <Plus aria-hidden /> Add
        </Button>
      </div>
      <p
        id={hintId}
        className={message ? 'text-sm font-medium text-destructive' : 'text-sm text-muted-foreground'}
        role={message ? 'alert' : undefined}
      >
        {message ?? 'Texts are written in the default language; items get translation fields for the others.'}
      </p>
    </div>
  );
}
