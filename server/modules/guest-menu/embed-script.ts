import { EMBED_HEIGHT_MESSAGE } from '../../../shared/schemas/embeds.ts';

export { EMBED_SCRIPT_PATH } from '../../../shared/schemas/embeds.ts';

/**
 * Auto-height of an embedded guest page (issue 22 item 5), in two halves and no third party:
 *
 * - `FRAME_SCRIPT`, part of the guest page's deferred script (guest-script.ts, not the HTML):
 *   when the page is framed, it posts the height of its document to the parent as
 *   `{type: 'qrmenu:height', height}` whenever that changes (a ResizeObserver: fonts, the filter,
 *   the search, a photo loading). The height is not a secret, so any parent may read it; only a
 *   website the venue named may frame the page at all (CSP `frame-ancestors`).
 * - `embedScript(origin)`, served at the stable URL `/m-assets/embed.js` for the restaurant's own
 *   website, next to the `<iframe>` of the snippet: it resizes the iframe whose window sent the
 *   message, and only for messages from our own origin (APP_URL's). No cookies, no storage.
 */
export const FRAME_SCRIPT = `parent!=window&&(e=>new ResizeObserver(()=>parent.postMessage({type:'${EMBED_HEIGHT_MESSAGE}',height:Math.ceil(e.getBoundingClientRect().height)},'*')).observe(e))(document.documentElement);`;

export function embedScript(origin: string): string {
  return (
    `/* QR menu auto-height: resizes iframes showing ${origin} pages */\n` +
    `addEventListener('message',e=>{const d=e.data;if(e.origin!==${JSON.stringify(origin)}||!d||d.type!=='${EMBED_HEIGHT_MESSAGE}'||!(d.height>0))return;` +
    `for(const f of document.getElementsByTagName('iframe'))if(f.contentWindow===e.source)f.style.height=Math.min(Math.ceil(d.height),1e5)+'px'});\n`
  );
}
