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

/** What the hash of `/_/` asks for: the OAuth2 popup landing, the installer link, or nothing. */
export type ConsoleHash = { kind: 'oauth2-popup' } | { kind: 'install'; token: string } | { kind: 'none' };

export function parseConsoleHash(hash: string): ConsoleHash {
  if (hash.startsWith('#/auth/oauth2-redirect-')) return { kind: 'oauth2-popup' };
  const install = /^#\/install\/([^/?#]+)$/.exec(hash);
  if (install?.[1]) return { kind: 'install', token: decodeURIComponent(install[1]) };
  return { kind: 'none' };
}
