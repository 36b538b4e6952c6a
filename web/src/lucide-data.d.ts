/** An icon's drawing from lucide, without its React component (web/build/icon-imports.ts, `iconData`). */
declare module 'lucide-data:*' {
  const data: import('./lib/dom.ts').IconData;
  export default data;
}
