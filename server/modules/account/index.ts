import type { ProductModule } from '../module.ts';
import { accountRoutes } from './routes.ts';
import { guardLastOwner } from './service.ts';

/** Account self-service beyond the records API: sign out everywhere, safe account deletion. */
export const accountModule: ProductModule = {
  name: 'account',
  collections: [],
  register: (ctx) => ctx.engine.hooks.before('users', 'delete', (hook) => guardLastOwner(ctx, hook)),
  routes: accountRoutes,
};
