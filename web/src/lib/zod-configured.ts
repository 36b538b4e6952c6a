/**
 * What `import … from 'zod'` resolves to in the web build (the alias in web/vite.config.ts): zod
 * itself, configured the moment it is first evaluated, so the configuration holds before any
 * schema parses, however late the chunk that needs zod loads. That keeps zod (about 38 KB gzipped)
 * out of `/login`'s first load, whose password form validates without it.
 * - no eval: the server's Content-Security-Policy allows none, and zod must not even probe for it
 *   (a caught `new Function` is still reported as a violation);
 * - the specification's default messages ('Required', 'Invalid input'; shared/schemas/messages.ts).
 */
import * as z from 'zod/v4';
import { installDefaultMessages } from '../../../shared/schemas/messages.ts';

z.config({ jitless: true });
installDefaultMessages();

export * from 'zod/v4';
export { z, z as default };
