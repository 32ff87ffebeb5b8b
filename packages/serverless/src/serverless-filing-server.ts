import { createHash } from 'node:crypto';
import {
  createPostgresFilingServerFromEnv,
  type PacketBuilder,
  type PostgresFilingServer,
} from '@filing-mcp/filing-domain';
import { clientMetadataDocumentsFromEnv } from '@filing-mcp/oauth-core/node';
import type { ServerlessPlatform } from './serverless-platform.js';
import { createShippedPacketBuilder } from './shipped-packet-builder.js';

/** The deployed server and the resources it owns. */
export type ServerlessFilingServer = PostgresFilingServer;

/**
 * Builds the filing server of a serverless instance from environment variables: the connection
 * string (`DATABASE_URL`, or the platform's other names; required), the database settings
 * (`DATABASE_POOL_MAX` and the time limits; the platform's pool size when unset),
 * `MIGRATE_ON_START=true` to run the migrations first, `PACKET_LINK_SECRET` for the signed packet
 * links, and everything `configFromEnv` reads (`MCP_BASE_URL`, `APP_URL`, `SESSION_JWT_SECRET` or
 * `SESSION_JWKS_URL`, ...). Throws an error naming the setting when one is missing or invalid. Log
 * events go to stdout as JSON lines (Vercel logs, CloudWatch).
 *
 * The server serves the filing packets (the `filing://.../packet.pdf` resources and get_pdf_url's
 * signed `download_url`) from the IRS templates shipped beside the bundle (`platform.templates`).
 * pg, Kysely, the migrator, pdf-lib and the templates each load with the first request that needs
 * them: `initialize`, `tools/list` and the probes answer without them.
 */
export function createServerlessFilingServer(
  env: Record<string, string | undefined>,
  platform: ServerlessPlatform,
  packets: PacketBuilder = createShippedPacketBuilder(platform.templates),
): Promise<ServerlessFilingServer> {
  return createPostgresFilingServerFromEnv(env, {
    ...(platform.connectionStringVariables && {
      connectionStringVariables: platform.connectionStringVariables,
    }),
    createPool: async (settings) =>
      (await import('./postgres-pool.js')).createServerlessPool(settings, platform),
    platformDefaults: platform.poolDefaults,
    lazyDatabase: true,
    // Loaded only here: the migrator is a chunk of its own, not part of every cold start.
    migrate: async (db) => (await import('./migrate.js')).migrateToLatest(db),
    clientMetadataDocuments: clientMetadataDocumentsFromEnv,
    // The same hex as the default WebCrypto digest, synchronously: the first credential of a cold
    // start then does not load WebCrypto (about 5 ms). Both platforms run Node.
    hash: (input) => createHash('sha256').update(input, 'utf8').digest('hex'),
    packets,
  });
}
