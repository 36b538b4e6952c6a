import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';

/** SWR's settings for every page behind sign-in (a separate chunk: the sign-in pages do without SWR). */
export default function DataProvider({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ revalidateOnFocus: true, shouldRetryOnError: false }}>{children}</SWRConfig>;
}
