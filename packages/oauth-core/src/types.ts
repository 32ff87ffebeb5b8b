/** SHA-256 of a UTF-8 string, lower-case hex. May be synchronous (Node's createHash) or async (WebCrypto). */
export type HashFunction = (input: string) => string | Promise<string>;

/** What a valid `mcp_at_...` access token stands for. */
export interface AccessTokenInfo {
  userId: string;
  clientId: string;
  /** Space-separated granted scope, `mcp`. */
  scope: string;
  /** Expiry, Unix seconds. */
  expiresAt: number;
  /** RFC 8707 resource the token is bound to. */
  resource: string;
}

/** How `/approve` verifies the companion app's user session JWT (with jose). */
export interface SessionJwtOptions {
  /** HS256 shared secret. Exactly one of `secret` and `jwksUrl` is required. */
  secret?: string | Uint8Array;
  /** JWKS URL for asymmetric session tokens. */
  jwksUrl?: string;
  /** Expected `iss`, checked when set. */
  issuer?: string;
  /** Expected `aud`, checked when set. */
  audience?: string;
}

/** Lifetimes in seconds. */
export interface OAuthLifetimes {
  /** Authorization code, default 300. */
  authorizationCode?: number;
  /** Access token, default 3600. */
  accessToken?: number;
  /** Refresh token, default 30 days. */
  refreshToken?: number;
}

/** A log-safe event: never contains a raw token, code or secret. */
export interface OAuthLogEvent {
  event: string;
  clientId?: string;
  userId?: string;
  error?: string;
  [key: string]: unknown;
}
