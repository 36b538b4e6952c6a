/** Env that configures a generic OIDC provider "mock" pointing at an oauth2-mock-server issuer. */
export function oauthMockEnv(issuer: string): Record<string, string> {
  return {
    OAUTH2_MOCK_CLIENT_ID: 'qrmenu-client',
    OAUTH2_MOCK_CLIENT_SECRET: 'qrmenu-secret',
    OAUTH2_MOCK_AUTH_URL: `${issuer}/authorize`,
    OAUTH2_MOCK_TOKEN_URL: `${issuer}/token`,
    OAUTH2_MOCK_USERINFO_URL: `${issuer}/userinfo`,
    OAUTH2_MOCK_DISPLAY_NAME: 'Mock ID',
  };
}
