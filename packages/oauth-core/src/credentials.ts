import { base64url, randomBytes } from './crypto.js';

/** Prefixes of the credentials this server issues (docs/spec-differences.md#credentials-and-lifetimes). */
export const CREDENTIAL_PREFIX = {
  clientId: 'mcp_client_',
  clientSecret: 'mcp_secret_',
  authorizationCode: 'mcp_code_',
  accessToken: 'mcp_at_',
  refreshToken: 'mcp_rt_',
} as const;

/** `mcp_client_` + 16 random bytes, base64url. */
export function generateClientId(): string {
  return CREDENTIAL_PREFIX.clientId + base64url(randomBytes(16));
}

/** `mcp_secret_` + 32 random bytes, base64url. */
export function generateClientSecret(): string {
  return CREDENTIAL_PREFIX.clientSecret + base64url(randomBytes(32));
}

/** `mcp_code_` + 24 random bytes, base64url. */
export function generateAuthorizationCode(): string {
  return CREDENTIAL_PREFIX.authorizationCode + base64url(randomBytes(24));
}

/** `mcp_at_` + 32 random bytes, base64url. */
export function generateAccessToken(): string {
  return CREDENTIAL_PREFIX.accessToken + base64url(randomBytes(32));
}

/** `mcp_rt_` + 32 random bytes, base64url. */
export function generateRefreshToken(): string {
  return CREDENTIAL_PREFIX.refreshToken + base64url(randomBytes(32));
}
