/** How a client authenticates at `/token` (RFC 7591 `token_endpoint_auth_method`). */
export type TokenEndpointAuthMethod = 'none' | 'client_secret_post' | 'client_secret_basic';

/** How a client runs (OIDC Registration, MCP SEP-837): a browser-based app or a desktop/CLI/localhost one. */
export type ApplicationType = 'web' | 'native';

/** PKCE transform (RFC 7636). */
export type CodeChallengeMethod = 'S256' | 'plain';

/** A registered OAuth client as stored. Times are epoch milliseconds. */
export interface OAuthClientRecord {
  /** `mcp_client_...`, stored plain. */
  clientId: string;
  /** SHA-256 hex of the client secret; null for public clients. */
  clientSecretHash: string | null;
  clientName: string | null;
  redirectUris: string[];
  grantTypes: string[];
  responseTypes: string[];
  tokenEndpointAuthMethod: TokenEndpointAuthMethod;
  /** Registered `application_type`; absent means `web`, the OIDC default. */
  applicationType?: ApplicationType;
  createdAt: number;
}

/** An authorization code as stored: its hash, like every other secret (single use, 5 minutes). */
export interface AuthorizationCodeRecord {
  id: string;
  /** SHA-256 hex of the `mcp_code_...` code (the server's `hash`). */
  codeHash: string;
  /** The grant family every token issued from this code belongs to. */
  grantId: string;
  clientId: string;
  userId: string;
  redirectUri: string;
  scope: string;
  resource: string;
  codeChallenge: string | null;
  codeChallengeMethod: CodeChallengeMethod | null;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

/** One access token and its refresh token, stored as SHA-256 hashes. */
export interface TokenRecord {
  id: string;
  /** Grant family: every pair descending from one authorization code. */
  grantId: string;
  /** The authorization code record the family came from. */
  codeId: string;
  clientId: string;
  userId: string;
  scope: string;
  resource: string;
  accessTokenHash: string;
  refreshTokenHash: string;
  createdAt: number;
  accessExpiresAt: number;
  refreshExpiresAt: number;
  /** Set when the refresh token was exchanged for a new pair. */
  rotatedAt: number | null;
  /** Set when the pair stopped being valid (rotation, revocation, replay). */
  revokedAt: number | null;
}

/**
 * Storage of the authorization server. Each method is one atomic operation: the security
 * properties (single-use codes, single-use refresh tokens) rest on the conditional updates
 * here, never on a read followed by a write in the core.
 */
export interface OAuthStore {
  createClient(client: OAuthClientRecord): Promise<void>;
  getClient(clientId: string): Promise<OAuthClientRecord | undefined>;
  createAuthorizationCode(code: AuthorizationCodeRecord): Promise<void>;
  /** The code whose hash is `codeHash`, used or not. */
  getAuthorizationCode(codeHash: string): Promise<AuthorizationCodeRecord | undefined>;
  /**
   * Marks the code (by its hash) used at `now`, only when it is still unused and `expiresAt > now`, and in the
   * same transaction stores `token`. Returns false (and stores nothing) when the condition failed,
   * so of two concurrent exchanges exactly one gets true.
   */
  exchangeAuthorizationCode(codeHash: string, now: number, token: TokenRecord): Promise<boolean>;
  getTokenByAccessTokenHash(accessTokenHash: string): Promise<TokenRecord | undefined>;
  getTokenByRefreshTokenHash(refreshTokenHash: string): Promise<TokenRecord | undefined>;
  /**
   * Rotates the pair `previousId` into `next` atomically: sets `rotatedAt` and `revokedAt` of the
   * previous pair to `now` only when it is unrevoked and its refresh token unexpired, and stores
   * `next`. When `graceSince` is given, a pair already rotated at or after `graceSince` also
   * qualifies (and is left as is) while its grant still has an unrevoked pair. Returns false and
   * stores nothing when the condition failed.
   */
  rotateRefreshToken(
    previousId: string,
    now: number,
    next: TokenRecord,
    graceSince?: number,
  ): Promise<boolean>;
  /**
   * Revokes every unrevoked pair of a grant family; returns the access-token hashes of the pairs it
   * revoked (so that caches of verified tokens can drop them at once).
   */
  revokeGrant(grantId: string, now: number): Promise<string[]>;
  /** Revokes one pair (access and refresh token) if unrevoked. */
  revokeToken(id: string, now: number): Promise<void>;
  /**
   * Deletes pairs whose every lifetime ended before `now`, unused codes past their expiry, and used
   * codes once no pair of their grant remains: until then a replay of the code must still find it,
   * to revoke the pairs issued from it (RFC 6749 section 4.1.2).
   */
  deleteExpired(now: number): Promise<{ codes: number; tokens: number }>;
}
