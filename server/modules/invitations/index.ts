import type { ProductModule } from '../module.ts';
import { invitationsCollection } from './collection.ts';
import { invitationRoutes } from './routes.ts';
import { acceptInvitations, joinInvitedOrganization } from './service.ts';

/**
 * Team members: the members list with names and emails, email invitations, and joining on
 * sign-up: an invited person joins the inviting organization instead of getting their own.
 */
export const invitationsModule: ProductModule = {
  name: 'invitations',
  collections: [invitationsCollection],
  register: (ctx) => {
    ctx.engine.hooks.before('users', 'create', (hook) => joinInvitedOrganization(ctx, hook));
    ctx.engine.hooks.after('users', 'create', (hook) => acceptInvitations(ctx, hook));
  },
  routes: invitationRoutes,
};
