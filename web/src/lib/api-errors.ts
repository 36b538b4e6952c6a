import { toast } from './toast.ts';
import { lapsedRefusal } from './organization-status.ts';
import { t } from './i18n/i18n.ts';
import { translateMessage } from './i18n/messages.ts';
import { MACHINE_TRANSLATION_ERROR_REASONS, type MachineTranslationErrorReason } from '../../../shared/api.ts';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

interface ApiErrorShape {
  status?: number;
  isAbort?: boolean;
  response?: { message?: string; data?: Record<string, { message?: string; code?: string }> };
  message?: string;
}

/** The server's refusal when an auth rule says no; the only auth rule here is `disabled = false` (users). */
const AUTH_RULE_REFUSED = "The request doesn't satisfy the collection requirements to authenticate.";

/** A machine translation provider's failure (`data.provider.code` is its reason), said in the user's language. */
function machineTranslationRefusal(data: unknown): { reason: MachineTranslationErrorReason; label: string } | null {
  const field = (data as { provider?: { code?: unknown; params?: { provider?: unknown } } } | undefined)?.provider;
  const reason = MACHINE_TRANSLATION_ERROR_REASONS.find((r) => r === field?.code);
  return reason ? { reason, label: String(field?.params?.provider ?? '') } : null;
}

/** The user-facing text of an API error (the SDK's message rules). */
export function errorMessage(err: unknown): string {
  const e = err as ApiErrorShape;
  if (e?.isAbort) return t('api.cancelled');
  if (e?.status === 0) return t('api.offline');
  const lapsed = lapsedRefusal({ status: e?.status, data: e?.response?.data });
  if (lapsed) return translateMessage(lapsed);
  if (e?.status === 403 && e?.response?.message === AUTH_RULE_REFUSED) return t('api.accountDisabled');
  const provider = machineTranslationRefusal(e?.response?.data);
  if (provider) return t(`api.machineTranslation.${provider.reason}`, { provider: provider.label });
  return translateMessage(e?.response?.message || e?.message) || t('api.generic');
}

/**
 * Puts the server's field errors (`response.data.{field}.message`) on the matching form inputs,
 * where they stay (with `aria-invalid`, described by FormField) until the field is edited; anything
 * else becomes a toast. `fallbackField` keeps a refusal that names no field (a wrong password:
 * "Failed to authenticate.") by that field as well as in the toast; `placedToast` is a toast to
 * show when fields received the errors ("Not saved: see the fields"). Returns true when some field
 * received an error.
 */
export function handleApiError<T extends FieldValues>(
  err: unknown,
  setError?: UseFormSetError<T>,
  fields?: readonly string[],
  { fallbackField, placedToast }: { fallbackField?: string; placedToast?: string } = {},
): boolean {
  const data = (err as ApiErrorShape)?.response?.data ?? {};
  let placed = false;
  if (setError) {
    for (const [key, value] of Object.entries(data)) {
      if (fields && !fields.includes(key)) continue;
      if (value && typeof value.message === 'string') {
        setError(key as Path<T>, { type: 'server', message: value.message });
        placed = true;
      }
    }
    const status = (err as ApiErrorShape)?.status;
    // Not for a lost connection or a cancelled request: those are no fault of the field.
    if (!placed && fallbackField && status && status >= 400 && status < 500) {
      setError(fallbackField as Path<T>, { type: 'server', message: errorMessage(err) });
      toast.error(errorMessage(err));
      return true;
    }
  }
  if (!placed) toast.error(errorMessage(err));
  else if (placedToast) toast.error(placedToast);
  return placed;
}
