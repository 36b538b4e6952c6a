import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { passwordStrength } from './password-strength.ts';

const BAR = ['bg-muted', 'bg-destructive', 'bg-amber-500', 'bg-primary/70', 'bg-primary'];

/** The strength hint under a new-password field: four bars and a short tip. */
export function PasswordMeter({ password }: { password: string }) {
  const { t } = useTranslation('auth');
  if (!password) return <span>{t('strength.hint')}</span>;
  const s = passwordStrength(password);
  return (
    <span className="grid gap-1.5">
      <span className="flex gap-1" aria-hidden>
        {[1, 2, 3, 4].map((i) => (
          <span key={i} className={cn('h-1 flex-1 rounded-full', i <= s.score ? BAR[s.score] : 'bg-muted')} />
        ))}
      </span>
      <span>
        <span className="font-medium text-foreground">{t(`strength.label.${s.score}`)}.</span> {t(`strength.tip.${s.tip}`)}
      </span>
    </span>
  );
}
