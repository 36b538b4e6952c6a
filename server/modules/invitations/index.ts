import type { ProductModule } from '../module.ts';
import { invitationsCollection } from './collection.ts';
import { invitationRoutes } from './routes.ts';

/**
 * Team members: the members list with names and emails, and email invitations that the invited
 * person accepts with the mailed link once signed in (see acceptInvitation: sign-up alone never
 * joins, so it looks the same whether or not an invitation is waiting for the address).
 */
export const invitationsModule: ProductModule = {
  name: 'invitations',
  collections: [invitationsCollection],
  routes: invitationRoutes,
};
