import { EMBED_SCRIPT_PATH } from '../../../../shared/schemas/embeds.ts';

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The HTML a restaurant pastes into its website to show a guest page: the iframe (full width, a
 * first height until the page reports its own, lazy) and the auto-height script of our origin.
 */
export function embedSnippet(appUrl: string, pagePath: string, title: string): string {
  const base = appUrl.replace(/\/+$/, '');
  return (
    `<iframe src="${attr(base + pagePath)}" title="${attr(title)}" style="width:100%;height:600px;border:0" loading="lazy"></iframe>\n` +
    `<script src="${attr(base + EMBED_SCRIPT_PATH)}" async></script>`
  );
}
