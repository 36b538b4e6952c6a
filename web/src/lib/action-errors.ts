import { toast } from './toast.ts';
import { paths } from '../app/paths.ts';
import { errorMessage } from './api-errors.ts';
import { t } from './i18n/i18n.ts';
import { lapsedRefusal } from './organization-status.ts';
import { featureRefusalOf } from '../../../shared/plan-features.ts';

interface Envelope {
  status?: number;
  message?: string;
  data?: Record<
    string,
    { code?: string; message?: string; response?: Envelope } | Record<string, { code?: string; message?: string; response?: Envelope }>
  >;
}

/** The innermost error envelope: a failed batch reports the failing sub-request's own error. */
function innermost(err: unknown): Envelope | undefined {
  let env = (err as { response?: Envelope })?.response;
  for (let depth = 0; env && depth < 3; depth++) {
    const requests = env.data?.requests as Record<string, { response?: Envelope }> | undefined;
    const failed = requests && Object.values(requests).find((r) => r?.response);
    if (!failed?.response) break;
    env = failed.response;
  }
  return env;
}

/** The plan-limit message of a 400 ("Your Starter plan includes 3 menus …": a field error with code `plan_limit_reached`), or null. */
export function planLimitMessage(err: unknown): string | null {
  const env = innermost(err);
  const hit = Object.values(env?.data ?? {}).find((f) => (f as { code?: string })?.code === 'plan_limit_reached') as
    { message?: string } | undefined;
  return hit ? hit.message || env?.message || 'Your plan limit is reached.' : null;
}

/** What went wrong, in words, looking inside failed batches. */
export function describeError(err: unknown): string {
  const env = innermost(err);
  const fieldMessage =
    env?.data &&
    Object.values(env.data)
      .map((f) => (f as { message?: string })?.message)
      .find((m) => typeof m === 'string');
  if (env && env !== (err as { response?: Envelope }).response)
    return lapsedRefusal(env) || fieldMessage || env.message || errorMessage(err);
  return errorMessage(err);
}

/**
 * Reports a failed action as a toast; plan limits get a link to billing. `navigate` comes from
 * wouter's `useLocation` so the link stays inside the app.
 */
export function reportError(err: unknown, navigate: (to: string) => void, prefix?: string): void {
  // A plan feature refused where no screen shows its notice: said in the app's language, with the way to billing.
  const refusal = featureRefusalOf(innermost(err)?.data);
  const limit = refusal
    ? refusal.planName
      ? t('planFeatures.required', { feature: t(`planFeatures.names.${refusal.feature}`), plan: refusal.planName })
      : t('planFeatures.notIncluded', { feature: t(`planFeatures.names.${refusal.feature}`) })
    : planLimitMessage(err);
  if (limit) {
    toast.error(limit, { action: { label: t('ui.viewPlans'), onClick: () => navigate(paths.settingsBilling()) } });
    return;
  }
  const text = describeError(err);
  toast.error(prefix ? `${prefix}: ${text}` : text);
}
