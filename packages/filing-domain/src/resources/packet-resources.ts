import type { HandlerContext, ResourceTemplateDefinition } from '@filing-mcp/protocol';
import { lazyOnce } from '@filing-mcp/protocol/internal';
import type { Kysely } from 'kysely';
import { FILING_KIND_LIST, kindRecord } from '../kinds/filing-kinds.js';
import type { FilingDatabase } from '../storage/database.js';
import type { FilingPackets } from './filing-packets.js';
import type { BillingDesk } from '../payments/billing-desk.js';

/** The filing repository (Kysely's query builder), loaded by the first packet read or download. */
const loadFilingRepository = () => import('../storage/filing-repository.js');

/** A read's checks, build and base64 answer, loaded by the first read. */
const loadPacketRead = () => import('./packet-resource-read.js');

export type { PacketBuilder } from './filing-packets.js';
export { PACKET_URI_TEMPLATES, packetUri } from './packet-uris.js';

/**
 * The filing packets as MCP resource templates (`resources/templates/list`, `resources/read`):
 * the PDF as a base64 `blob`. A read acts for the credential's user alone: another user's filing,
 * a missing one and a malformed id all answer -32602 with `data.uri`, and nothing is built. A
 * packet over irs-forms' `PACKET_LIMITS` answers -32602 with `data.code` `packet_too_large` and the
 * bound (`data.limit`, `data.max`); text the forms cannot print, `unprintable_text` and `data.field`;
 * with `BILLING=on`, the final packet of a ready filing without a credit, `credit_required`.
 */
export function createPacketResourceTemplates(options: {
  /** The database, or a function answering it (the filing server's lazily opened one). */
  db: Kysely<FilingDatabase> | (() => Promise<Kysely<FilingDatabase>>);
  /** The packets behind the cache and the bounded build queue. */
  packets: FilingPackets;
  /** With `BILLING=on`, the final packet of a ready filing uses its credit (once per filing). */
  billing?: BillingDesk | undefined;
}): ResourceTemplateDefinition[] {
  // The repository and the IRS forms load with the first read: a server that never serves a
  // packet (or not yet) does not load them.
  const repositoryOf = lazyOnce(async () => {
    const [{ FilingRepository }, db] = await Promise.all([
      loadFilingRepository(),
      typeof options.db === 'function' ? options.db() : options.db,
    ]);
    return new FilingRepository(db);
  });
  return FILING_KIND_LIST.map((kind) => ({
    uriTemplate: kindRecord(kind).packet.uriTemplate,
    name: kindRecord(kind).packet.name,
    title: kindRecord(kind).packet.title,
    description: kindRecord(kind).packet.description,
    mimeType: 'application/pdf',
    read: async (uri: string, variables: Record<string, string>, context: HandlerContext) => {
      const { readPacketResource } = await loadPacketRead();
      return readPacketResource({
        kind,
        uri,
        id: variables.id ?? '',
        context,
        repositoryOf,
        packets: options.packets,
        billing: options.billing,
      });
    },
  }));
}
