import type { ProductModule } from '../module.ts';
import { invitationsCollection } from './collection.ts';
import { invitationRoutes } from './routes.ts';
import { acceptInvitations } from './service.ts';

/**
 * Team members: the members list with names and emails, email invitations, and joining on
 * sign-up. Registered after the users module, so sign-up's own organization exists first.
 */
export const invitationsModule: ProductModule = {
  name: 'invitations',
  collections: [invitationsCollection],
  register: (ctx) => ctx.engine.hooks.after('users', 'create', (hook) => acceptInvitations(ctx, hook)),
  routes: invitationRoutes,
};
