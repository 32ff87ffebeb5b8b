/** Who made a request, as established by the server's {@link Authenticate} hook. */
export interface AuthInfo {
  /** The user every tool acts on behalf of. */
  userId: string;
  /** OAuth client id when the credential is an OAuth access token. */
  clientId?: string;
  /** Granted scopes. */
  scopes?: string[];
  /** Safe-to-log prefix of the credential (never the credential itself), e.g. `nf_3fa8` or `mcp_at_`. */
  credentialPrefix?: string;
  /** Expiry of the credential, Unix seconds, when known. */
  expiresAt?: number;
}
