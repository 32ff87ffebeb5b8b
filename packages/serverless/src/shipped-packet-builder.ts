import type { PacketBuilder } from '@filing-mcp/filing-domain';
import { lazyOnce } from '@filing-mcp/protocol/internal';

/**
 * Builds filing packets in process with irs-forms' `PacketBuilder`, reading the official IRS
 * templates from the files shipped beside the bundle (`templates`, else irs-forms' own copy; never
 * inlined into the JavaScript). The template lookup, pdf-lib, the builder and the templates load
 * with the first packet, so a cold start that serves none pays for none of them. A serverless
 * instance needs no worker thread: Lambda runs one request per container, and Vercel scales by
 * instances. A failed start (templates missing) is retried by the next packet. One builder serves
 * the server's packets and the companion's PDF links (`buildFiles`: the ZIP of one file per form),
 * behind the server's one cache and queue: serverless's implementation of the packet port
 * (filing-domain's `PacketBuilder`), as the Node adapter's worker threads are Node's.
 */
export function createShippedPacketBuilder(templates: URL | undefined): Required<PacketBuilder> {
  const builder = lazyOnce(async () =>
    (await import('./shipped-templates.js')).openShippedPacketBuilder(templates),
  );
  return {
    build: async (kind, formData) => (await builder()).build(kind, formData),
    buildFiles: async (kind, formData) => (await builder()).buildFiles(kind, formData),
    // In process, as the packets: an instance serves one request at a time (Lambda) or scales out.
    signedCopy: async (job) => (await import('@filing-mcp/irs-forms/pdf')).checkSignedCopy(job),
  };
}
