import type { FilingDatabase } from '@filing-mcp/filing-domain';
import type { BillingDesk, FilingPackets, FilingServer } from '@filing-mcp/filing-domain';
import type { Kysely } from 'kysely';
import type { CsrfGuard } from './csrf.js';

/** What every companion page handler needs, built once by `createCompanionApp`. */
export interface CompanionContext {
  db: Kysely<FilingDatabase>;
  /** `{app_url}` without a trailing slash. */
  appUrl: string;
  /** Path of `{app_url}` without a trailing slash (`/app`; empty when the app is at the root). */
  appPath: string;
  /** `{base_url}` without a trailing slash: the OAuth issuer. */
  baseUrl: string;
  /** The one local user the pages act for. */
  userId: string;
  /** Whether the pages need a sign-in, and so offer a sign-out. */
  signOut: boolean;
  core: Pick<FilingServer, 'fetch' | 'revokeApiKey' | 'resolveOAuthClient' | 'completeAuthorization'>;
  csrf: CsrfGuard;
  /** The packets behind the cache and the bounded build queue (the filing server's when it has them). */
  packets: FilingPackets;
  /** The billing pages' port, when the server takes payments (the navigation then links to them). */
  billing?: BillingDesk | undefined;
}
