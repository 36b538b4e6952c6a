import { useTranslation } from 'react-i18next';
import { Languages } from 'lucide-react';
import { activeLanguage, i18n } from '../../lib/i18n/i18n.ts';
import { STAFF_LANGUAGES } from '../../../../shared/i18n/staff-languages.ts';
import { Button } from '../../components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';

/**
 * The console's language. Superusers have no `language` field, so the choice is only the browser's
 * stored one (i18n.ts keeps it in localStorage, the same one the staff app's sign-in pages follow);
 * on a first visit the browser's languages decide. Each language is named in itself.
 */
export function ConsoleLanguagePicker() {
  const { t } = useTranslation('console');
  const current = activeLanguage();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('language.current', { language: t(`common:languages.${current}`) })}>
          <Languages />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {STAFF_LANGUAGES.map((lang) => (
          <DropdownMenuItem key={lang} onSelect={() => void i18n.changeLanguage(lang)}>
            <span lang={lang}>{t(`common:languages.${lang}`)}</span>
            {lang === current ? <span className="ml-auto text-xs text-muted-foreground">✓</span> : null}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
