/** An icon's drawing from lucide, without its React component (web/build/icon-imports.ts, `iconData`). */
declare module 'lucide-data:*' {
  import type { IconData } from './lib/dom.ts';

  const data: IconData;
  export default data;
}
