import { useCallback, useState } from 'react';
import type { Consent } from '../../../shared/constants.ts';
import { applyConsent } from '../lib/analytics.ts';
import { readConsent, storeConsent } from '../lib/consent.ts';

/** The analytics-cookie choice: undecided until Accept (yes) or Decline (no), then remembered. */
export function useConsent() {
  const [consent, setConsent] = useState<Consent>(readConsent);
  const decide = useCallback((value: Exclude<Consent, 'undecided'>) => {
    storeConsent(value);
    applyConsent(value);
    setConsent(value);
  }, []);
  return { consent, accept: () => decide('yes'), decline: () => decide('no') };
}
