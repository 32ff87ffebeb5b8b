import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date, Date>;

/** Table `oauth_clients`. */
export interface OAuthClientsTable {
  client_id: string;
  client_secret_hash: string | null;
  client_name: string | null;
  redirect_uris: ColumnType<string[], string, string>;
  grant_types: ColumnType<string[], string, string>;
  response_types: ColumnType<string[], string, string>;
  token_endpoint_auth_method: string;
  /** `web` (default) or `native`. */
  application_type: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}

/** Table `oauth_codes`: the code's SHA-256 hex only; single use, 5 minutes. */
export interface OAuthCodesTable {
  id: string;
  code_hash: string;
  grant_id: string;
  client_id: string;
  user_id: string;
  redirect_uri: string;
  scope: string;
  resource: string;
  code_challenge: string | null;
  code_challenge_method: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** Table `oauth_tokens`: one access/refresh pair per row, hashes only. */
export interface OAuthTokensTable {
  id: string;
  grant_id: string;
  code_id: string;
  client_id: string;
  user_id: string;
  scope: string;
  resource: string;
  access_token_hash: string;
  refresh_token_hash: string;
  created_at: Timestamp;
  access_expires_at: Timestamp;
  refresh_expires_at: Timestamp;
  rotated_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

/** The tables of the OAuth store, for `Kysely<OAuthDatabase>`. */
export interface OAuthDatabase {
  oauth_clients: OAuthClientsTable;
  oauth_codes: OAuthCodesTable;
  oauth_tokens: OAuthTokensTable;
}
