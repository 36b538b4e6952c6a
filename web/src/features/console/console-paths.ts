/** Every href of the operator console (its routes are listed in shared/app-routes.ts). */
export const consolePaths = {
  home: () => '/_/',
  organizations: () => '/_/organizations/',
  organization: (id: string) => `/_/organizations/${encodeURIComponent(id)}`,
  users: () => '/_/users/',
  logs: () => '/_/logs/',
  backups: () => '/_/backups/',
  settings: () => '/_/settings/',
  crons: () => '/_/crons/',
};
