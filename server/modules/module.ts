import type { FastifyInstance } from 'fastify';
import type { CollectionDef } from '../core/collections.ts';
import type { AppContext } from '../context.ts';

/** One product area: its collections, the hooks it registers at boot, and its own routes. */
export interface ProductModule {
  name: string;
  collections: CollectionDef[];
  register?(ctx: AppContext): void | Promise<void>;
  /** Boot-time work on existing data, run once every module's hooks are registered (so they all apply). */
  ready?(ctx: AppContext): void | Promise<void>;
  routes?(app: FastifyInstance, ctx: AppContext): void;
  /** Inline `<script>` bodies of the module's HTML pages, allowed by hash in the Content-Security-Policy. */
  inlineScripts?: string[];
}
