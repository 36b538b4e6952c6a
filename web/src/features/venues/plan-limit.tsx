import { Link } from 'wouter';
import { Sparkles } from 'lucide-react';
import { paths } from '../../app/paths.ts';

interface ErrorShape {
  status?: number;
  response?: { message?: string; data?: Record<string, { code?: string; message?: string }> };
}

/** The message of a plan-limit error (a 400 whose field error has code `plan_limit_reached`), else null. */
export function planLimitMessage(err: unknown): string | null {
  const e = err as ErrorShape;
  if (e?.status !== 400) return null;
  const hit = Object.values(e.response?.data ?? {}).find((v) => v?.code === 'plan_limit_reached');
  return hit ? (hit.message || e.response?.message || 'Your plan’s limit is reached.') : null;
}

/** The plan-limit message with the way out: a link to billing. */
export function PlanLimitAlert({ message }: { message: string }) {
  return (
    <div role="alert" className="flex items-start gap-3 rounded-md border border-amber-600/25 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-400/25 dark:bg-amber-400/10 dark:text-amber-200">
      <Sparkles className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="grid gap-1">
        <p>{message}</p>
        <Link href={paths.settingsBilling()} className="font-medium underline underline-offset-4">See plans and upgrade</Link>
      </div>
    </div>
  );
}
