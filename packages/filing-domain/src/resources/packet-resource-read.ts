// One packet resource read (resources/packet-resources.ts lists the templates): the checks, the
// build through the packets' cache and queue, the credit, the base64 answer. Loaded by the first
// read, so that a cold start lists the templates without it.
import { type HandlerContext, JsonRpcErrorCode, McpError, resourceNotFound } from '@filing-mcp/protocol';
import { mcpInvalidParams } from '../errors/mcp-errors.js';
import type { FilingKind } from '../kinds/filing-kinds.js';
import type { BillingDesk } from '../payments/billing-desk.js';
import type { FilingRepository } from '../storage/filing-repository.js';
import { sharedBase64 } from './base64-encode.js';
import type { FilingPackets } from './filing-packets.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the packet of `kind` at `uri` (its filing `id`) for the credential's user alone. */
export async function readPacketResource(options: {
  kind: FilingKind;
  uri: string;
  id: string;
  context: HandlerContext;
  repositoryOf: () => Promise<FilingRepository>;
  packets: FilingPackets;
  billing?: BillingDesk | undefined;
}) {
  const { kind, uri, id, context, repositoryOf } = options;
  const userId = context.auth?.userId;
  if (!userId || !UUID.test(id)) throw resourceNotFound(uri);
  const repository = await repositoryOf();
  const filing = await repository.packetSource(kind, id, userId);
  if (!filing) throw resourceNotFound(uri);
  let pdf: Uint8Array;
  try {
    const packet = await options.packets.pdf(kind, filing, context.signal);
    // The final (unmarked) packet can be mailed: it uses the filing's credit, as its download does.
    const refusal =
      options.billing !== undefined && packet.ready === true
        ? await options.billing.creditForDownload({ userId, filingId: filing.id, kind })
        : undefined;
    if (refusal !== undefined) {
      throw new McpError(JsonRpcErrorCode.InvalidParams, `Payment required: ${refusal}`, {
        uri,
        code: 'credit_required',
      });
    }
    ({ pdf } = packet);
  } catch (error) {
    throw mcpInvalidParams(error, { uri }) ?? error;
  }
  return { uri, mimeType: 'application/pdf', blob: await sharedBase64(pdf) };
}
