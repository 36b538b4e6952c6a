import { myRoleKey } from '../../hooks/use-my-role.ts';

export { useMyRole } from '../../hooks/use-my-role.ts';

/** swr keys of the settings screens, shared by the readers and the writers that refresh them. */
export const settingsKeys = {
  myRole: myRoleKey,
  members: (organizationId: string) => ['members', organizationId] as const,
  invitations: (organizationId: string) => ['invitations', organizationId] as const,
  venueNames: (organizationId: string) => ['venue-names', organizationId] as const,
  plans: () => ['plans'] as const,
};
