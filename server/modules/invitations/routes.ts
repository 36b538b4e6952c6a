import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { acceptInvitation, inviteMember, listInvitations, listMembers, lookupInvitation, revokeInvitation } from './service.ts';

interface OrgParams {
  id: string;
}

/** Members and invitations of an organization (the web app's organization settings). */
export function invitationRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: OrgParams }>('/api/organizations/:id/members', async (request) => listMembers(ctx, request.auth, request.params.id));

  app.get<{ Params: OrgParams }>('/api/organizations/:id/invitations', async (request) =>
    listInvitations(ctx, request.auth, request.params.id),
  );

  app.post<{ Params: OrgParams }>('/api/organizations/:id/invitations', async (request) =>
    inviteMember(ctx, request.auth, request.params.id, request.body, (obj, msg) => request.log.error(obj, msg)),
  );

  app.delete<{ Params: OrgParams & { invitationId: string } }>(
    '/api/organizations/:id/invitations/:invitationId',
    async (request, reply) => {
      await revokeInvitation(ctx, request.auth, request.params.id, request.params.invitationId);
      return reply.status(204).send();
    },
  );

  app.get<{ Params: { token: string } }>('/api/invitations/:token', async (request) => lookupInvitation(ctx, request.params.token));

  app.post<{ Params: { token: string } }>('/api/invitations/:token/accept', async (request) =>
    acceptInvitation(ctx, request.auth, request.params.token),
  );
}
