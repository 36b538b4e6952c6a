import { useEffect, useState } from 'react';

/** Seconds left until `since + seconds` (ticks once a second while above zero). */
export function useCooldown(since: number, seconds: number): number {
  const left = () => Math.max(0, Math.ceil((since + seconds * 1000 - Date.now()) / 1000));
  const [remaining, setRemaining] = useState(left);
  useEffect(() => {
    setRemaining(left());
    if (!since) return;
    const timer = setInterval(() => {
      const r = left();
      setRemaining(r);
      if (r <= 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
    // `left` is rebuilt each render from `since` and `seconds`, which are the real inputs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [since, seconds]);
  return remaining;
}
