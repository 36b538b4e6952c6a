import { createHash } from 'node:crypto';
import { DETAIL_SCRIPT } from './detail-script.ts';
import { SEARCH_SCRIPT } from './search-script.ts';
import { FRAME_SCRIPT } from './embed-script.ts';
import { GUEST_EVENTS_SCRIPT } from './guest-events-script.ts';

/**
 * The guest page's search, filter, dish-overlay and beacon scripts, and its height for an
 * embedding website (embed-script.ts), as one static file, loaded with
 * `defer` from a content-addressed URL (cached for a year): the menu's HTML budget (14 KB gzipped
 * for 100 dishes) has no room to inline them, and a returning guest loads them from the cache.
 * Served by index.ts; a path whose hash is not the current one answers 404.
 */
export const GUEST_SCRIPT = `${SEARCH_SCRIPT}\n${DETAIL_SCRIPT}\n${FRAME_SCRIPT}\n${GUEST_EVENTS_SCRIPT}\n`;
export const GUEST_SCRIPT_HASH = createHash('sha256').update(GUEST_SCRIPT).digest('base64url').slice(0, 12);
export const GUEST_SCRIPT_PATH = `/m-assets/guest-${GUEST_SCRIPT_HASH}.js`;
