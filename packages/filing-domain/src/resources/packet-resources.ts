import type { FilingKind } from '@filing-mcp/irs-forms';
import {
  type HandlerContext,
  lazyOnce,
  type ResourceTemplateDefinition,
  resourceNotFound,
} from '@filing-mcp/protocol';
import type { Kysely } from 'kysely';
import { mcpInvalidParams } from '../errors/mcp-errors.js';
import { base64Encode } from './base64-encode.js';
import type { FilingPackets } from './filing-packets.js';

export type { FilingPacketBuilder } from './filing-packets.js';

/**
 * The URI templates of the filing packets, one per kind, shaped like the companion's PDF links
 * (`{app_url}/filings/{id}/pdf`, `{app_url}/partnership/{id}/pdf`); `{id}` is the filing's UUID.
 */
export const PACKET_URI_TEMPLATES: Readonly<Record<FilingKind, string>> = Object.freeze({
  '5472': 'filing://filings/{id}/packet.pdf',
  partnership: 'filing://partnership/{id}/packet.pdf',
});

/** The URI of a filing's packet resource, e.g. `filing://filings/<uuid>/packet.pdf`. */
export function packetUri(kind: FilingKind, id: string): string {
  return PACKET_URI_TEMPLATES[kind].replace('{id}', encodeURIComponent(id));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const TITLES: Record<FilingKind, { title: string; description: string }> = {
  '5472': {
    title: 'IRS forms of a single-member filing (PDF)',
    description:
      'The filled official IRS forms of one of your single-member filings: a cover page (how to sign and file), pro forma Form 1120, a Form 5472 per related party, Form 7004 and the late-filing letter when asked for. {id} is the filing id; run check_filing first: until it answers ready the PDF is a draft, every page marked DRAFT: NOT READY TO FILE.',
  },
  partnership: {
    title: 'IRS forms of a partnership filing (PDF)',
    description:
      'The filled official IRS forms of one of your partnership filings: Form 1065 and a Schedule K-1 per partner. {id} is the filing id; run check_filing first: until it answers ready the PDF is a draft, every page marked DRAFT: NOT READY TO FILE.',
  },
};

/**
 * The filing packets as MCP resource templates (`resources/templates/list`, `resources/read`):
 * the PDF as a base64 `blob`. A read acts for the credential's user alone: another user's filing,
 * a missing one and a malformed id all answer -32602 with `data.uri`, and nothing is built. A
 * packet over irs-forms' `PACKET_LIMITS` answers -32602 with `data.code` `packet_too_large` and the
 * bound (`data.limit`, `data.max`); text the forms cannot print, `unprintable_text` and `data.field`.
 */
export function createPacketResourceTemplates(options: {
  /** The database, or a function answering it (the filing server's lazily opened one). */
  db: Kysely<any> | (() => Promise<Kysely<any>>);
  /** The packets behind the cache and the bounded build queue. */
  packets: FilingPackets;
}): ResourceTemplateDefinition[] {
  // The repository and the IRS forms load with the first read: a server that never serves a
  // packet (or not yet) does not load them.
  const repositoryOf = lazyOnce(async () => {
    const [{ FilingRepository }, db] = await Promise.all([
      import('../storage/filing-repository.js'),
      typeof options.db === 'function' ? options.db() : options.db,
    ]);
    return new FilingRepository(db);
  });
  return (['5472', 'partnership'] as const).map((kind) => ({
    uriTemplate: PACKET_URI_TEMPLATES[kind],
    name: kind === '5472' ? 'filing-packet' : 'partnership-filing-packet',
    ...TITLES[kind],
    mimeType: 'application/pdf',
    read: async (uri: string, variables: Record<string, string>, context: HandlerContext) => {
      const id = variables.id ?? '';
      const userId = context.auth?.userId;
      if (!userId || !UUID.test(id)) throw resourceNotFound(uri);
      const repository = await repositoryOf();
      const filing = await repository.packetSource(kind, id, userId);
      if (!filing) throw resourceNotFound(uri);
      try {
        const { pdf } = await options.packets.pdf(kind, filing, context.signal);
        return { uri, mimeType: 'application/pdf', blob: await base64Encode(pdf) };
      } catch (error) {
        throw mcpInvalidParams(error, { uri }) ?? error;
      }
    },
  }));
}
