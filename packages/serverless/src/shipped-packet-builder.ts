import type { PacketService } from '@filing-mcp/companion';
import { lazyOnce } from '@filing-mcp/protocol/internal';

/**
 * Builds filing packets in process with irs-forms' `PacketBuilder`, reading the official IRS
 * templates from the files shipped beside the bundle (`templates`, else irs-forms' own copy; never
 * inlined into the JavaScript). The template lookup, pdf-lib, the builder and the templates load
 * with the first packet, so a cold start that serves none pays for none of them. A serverless
 * instance needs no worker thread: Lambda runs one request per container, and Vercel scales by
 * instances. A failed start (templates missing) is retried by the next packet. One builder serves
 * the server's packets and the companion's PDF links (`buildFiles`: the ZIP of one file per form).
 */
export function createShippedPacketBuilder(templates: URL | undefined): PacketService {
  const builder = lazyOnce(async () =>
    (await import('./shipped-templates.js')).openShippedPacketBuilder(templates),
  );
  return {
    build: async (kind, formData) => (await builder()).build(kind, formData),
    buildFiles: async (kind, formData) => (await builder()).buildFiles(kind, formData),
  };
}
