import type { Kysely, Selectable } from 'kysely';
import type {
  AuthorizationCodeRecord,
  CodeChallengeMethod,
  OAuthClientRecord,
  OAuthStore,
  TokenEndpointAuthMethod,
  TokenRecord,
} from '../store.js';
import type { OAuthClientsTable, OAuthCodesTable, OAuthDatabase, OAuthTokensTable } from './schema.js';

function millis(value: Date | string): number {
  return value instanceof Date ? value.getTime() : new Date(value).getTime();
}

function millisOrNull(value: Date | string | null): number | null {
  return value === null ? null : millis(value);
}

/** jsonb arrives parsed from pg and PGlite; a driver that hands back text still works. */
function stringList(value: string[] | string): string[] {
  return typeof value === 'string' ? (JSON.parse(value) as string[]) : value;
}

function toClient(row: Selectable<OAuthClientsTable>): OAuthClientRecord {
  return {
    clientId: row.client_id,
    clientSecretHash: row.client_secret_hash,
    clientName: row.client_name,
    redirectUris: stringList(row.redirect_uris),
    grantTypes: stringList(row.grant_types),
    responseTypes: stringList(row.response_types),
    tokenEndpointAuthMethod: row.token_endpoint_auth_method as TokenEndpointAuthMethod,
    applicationType: row.application_type === 'native' ? 'native' : 'web',
    createdAt: millis(row.created_at),
  };
}

function toCode(row: Selectable<OAuthCodesTable>): AuthorizationCodeRecord {
  return {
    id: row.id,
    codeHash: row.code_hash,
    grantId: row.grant_id,
    clientId: row.client_id,
    userId: row.user_id,
    redirectUri: row.redirect_uri,
    scope: row.scope,
    resource: row.resource,
    codeChallenge: row.code_challenge,
    codeChallengeMethod: row.code_challenge_method as CodeChallengeMethod | null,
    createdAt: millis(row.created_at),
    expiresAt: millis(row.expires_at),
    usedAt: millisOrNull(row.used_at),
  };
}

function toToken(row: Selectable<OAuthTokensTable>): TokenRecord {
  return {
    id: row.id,
    grantId: row.grant_id,
    codeId: row.code_id,
    clientId: row.client_id,
    userId: row.user_id,
    scope: row.scope,
    resource: row.resource,
    accessTokenHash: row.access_token_hash,
    refreshTokenHash: row.refresh_token_hash,
    createdAt: millis(row.created_at),
    accessExpiresAt: millis(row.access_expires_at),
    refreshExpiresAt: millis(row.refresh_expires_at),
    rotatedAt: millisOrNull(row.rotated_at),
    revokedAt: millisOrNull(row.revoked_at),
  };
}

function tokenRow(token: TokenRecord) {
  return {
    id: token.id,
    grant_id: token.grantId,
    code_id: token.codeId,
    client_id: token.clientId,
    user_id: token.userId,
    scope: token.scope,
    resource: token.resource,
    access_token_hash: token.accessTokenHash,
    refresh_token_hash: token.refreshTokenHash,
    created_at: new Date(token.createdAt),
    access_expires_at: new Date(token.accessExpiresAt),
    refresh_expires_at: new Date(token.refreshExpiresAt),
    rotated_at: token.rotatedAt === null ? null : new Date(token.rotatedAt),
    revoked_at: token.revokedAt === null ? null : new Date(token.revokedAt),
  };
}

/** Thrown inside a transaction to roll it back when its condition did not hold. */
class ConditionFailed extends Error {}

async function inTransactionIf(
  db: Kysely<OAuthDatabase>,
  work: (trx: Kysely<OAuthDatabase>) => Promise<boolean>,
) {
  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await work(trx))) throw new ConditionFailed();
      return true;
    });
  } catch (error) {
    if (error instanceof ConditionFailed) return false;
    throw error;
  }
}

/**
 * {@link OAuthStore} on Kysely (PostgreSQL or PGlite); run {@link migrateOAuth} first. Single use of
 * codes and refresh tokens rests on conditional `update ... returning` statements, so two
 * concurrent requests can never both win. `database` is any Kysely whose schema has the OAuth
 * tables ({@link OAuthDatabase}), beside whatever tables of its own the server keeps.
 *
 * @example
 * ```ts
 * interface AppDatabase extends OAuthDatabase {
 *   notes: { id: string; body: string };
 * }
 * const db = new Kysely<AppDatabase>({ dialect });
 * await migrateOAuth(db);
 * const store = createKyselyOAuthStore(db);
 * ```
 */
export function createKyselyOAuthStore<Database extends OAuthDatabase>(
  database: Kysely<Database>,
): OAuthStore {
  // The store reads and writes the OAuth tables only: seen through them, any such schema is one.
  const db = database as unknown as Kysely<OAuthDatabase>;
  return {
    async createClient(client) {
      await db
        .insertInto('oauth_clients')
        .values({
          client_id: client.clientId,
          client_secret_hash: client.clientSecretHash,
          client_name: client.clientName,
          redirect_uris: JSON.stringify(client.redirectUris),
          grant_types: JSON.stringify(client.grantTypes),
          response_types: JSON.stringify(client.responseTypes),
          token_endpoint_auth_method: client.tokenEndpointAuthMethod,
          application_type: client.applicationType ?? 'web',
          created_at: new Date(client.createdAt),
        })
        .execute();
    },

    async getClient(clientId) {
      const row = await db
        .selectFrom('oauth_clients')
        .selectAll()
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      return row ? toClient(row) : undefined;
    },

    async createAuthorizationCode(code) {
      await db
        .insertInto('oauth_codes')
        .values({
          id: code.id,
          code_hash: code.codeHash,
          grant_id: code.grantId,
          client_id: code.clientId,
          user_id: code.userId,
          redirect_uri: code.redirectUri,
          scope: code.scope,
          resource: code.resource,
          code_challenge: code.codeChallenge,
          code_challenge_method: code.codeChallengeMethod,
          created_at: new Date(code.createdAt),
          expires_at: new Date(code.expiresAt),
          used_at: code.usedAt === null ? null : new Date(code.usedAt),
        })
        .execute();
    },

    async getAuthorizationCode(codeHash) {
      const row = await db
        .selectFrom('oauth_codes')
        .selectAll()
        .where('code_hash', '=', codeHash)
        .executeTakeFirst();
      return row ? toCode(row) : undefined;
    },

    exchangeAuthorizationCode(codeHash, now, token) {
      return inTransactionIf(db, async (trx) => {
        const used = await trx
          .updateTable('oauth_codes')
          .set({ used_at: new Date(now) })
          .where('code_hash', '=', codeHash)
          .where('used_at', 'is', null)
          .where('expires_at', '>', new Date(now))
          .returning('id')
          .executeTakeFirst();
        if (!used) return false;
        await trx.insertInto('oauth_tokens').values(tokenRow(token)).execute();
        return true;
      });
    },

    async getTokenByAccessTokenHash(accessTokenHash) {
      const row = await db
        .selectFrom('oauth_tokens')
        .selectAll()
        .where('access_token_hash', '=', accessTokenHash)
        .executeTakeFirst();
      return row ? toToken(row) : undefined;
    },

    async getTokenByRefreshTokenHash(refreshTokenHash) {
      const row = await db
        .selectFrom('oauth_tokens')
        .selectAll()
        .where('refresh_token_hash', '=', refreshTokenHash)
        .executeTakeFirst();
      return row ? toToken(row) : undefined;
    },

    rotateRefreshToken(previousId, now, next, graceSince) {
      const at = new Date(now);
      return inTransactionIf(db, async (trx) => {
        const rotated = await trx
          .updateTable('oauth_tokens')
          .set({ rotated_at: at, revoked_at: at })
          .where('id', '=', previousId)
          .where('revoked_at', 'is', null)
          .where('refresh_expires_at', '>', at)
          .returning('id')
          .executeTakeFirst();
        if (!rotated) {
          if (graceSince === undefined) return false;
          // Within the grace window the already-rotated pair may be exchanged again, while its family lives.
          const withinGrace = await trx
            .selectFrom('oauth_tokens as previous')
            .select('previous.id')
            .where('previous.id', '=', previousId)
            .where('previous.rotated_at', '>=', new Date(graceSince))
            .where('previous.refresh_expires_at', '>', at)
            .where((eb) =>
              eb.exists(
                eb
                  .selectFrom('oauth_tokens as live')
                  .select('live.id')
                  .whereRef('live.grant_id', '=', 'previous.grant_id')
                  .where('live.revoked_at', 'is', null),
              ),
            )
            .executeTakeFirst();
          if (!withinGrace) return false;
        }
        await trx.insertInto('oauth_tokens').values(tokenRow(next)).execute();
        return true;
      });
    },

    async revokeGrant(grantId, now) {
      const rows = await db
        .updateTable('oauth_tokens')
        .set({ revoked_at: new Date(now) })
        .where('grant_id', '=', grantId)
        .where('revoked_at', 'is', null)
        .returning('access_token_hash')
        .execute();
      return rows.map((row) => row.access_token_hash);
    },

    async revokeToken(id, now) {
      await db
        .updateTable('oauth_tokens')
        .set({ revoked_at: new Date(now) })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async deleteExpired(now) {
      const at = new Date(now);
      // Tokens first, so a used code whose last pair just went is deleted in the same run.
      const tokens = await db
        .deleteFrom('oauth_tokens')
        .where('refresh_expires_at', '<=', at)
        .where('access_expires_at', '<=', at)
        .executeTakeFirst();
      // A used code stays while any pair of its grant lives: its replay must still revoke them
      // (RFC 6749 section 4.1.2). Once used it can no longer be exchanged, so keeping it risks nothing.
      const codes = await db
        .deleteFrom('oauth_codes')
        .where('expires_at', '<=', at)
        .where((eb) =>
          eb.or([
            eb('used_at', 'is', null),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('oauth_tokens')
                  .select('oauth_tokens.id')
                  .whereRef('oauth_tokens.grant_id', '=', 'oauth_codes.grant_id'),
              ),
            ),
          ]),
        )
        .executeTakeFirst();
      return { codes: Number(codes.numDeletedRows), tokens: Number(tokens.numDeletedRows) };
    },
  };
}
