import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PacketBuilder } from '@filing-mcp/irs-forms/pdf';

const require = createRequire(import.meta.url);

/**
 * The packet builder on Node, reading the templates vendored in `@filing-mcp/irs-forms`. pdf-lib is
 * imported here, on the first PDF request, so the server's start and `tools/list` never pay for it.
 */
export async function createNodePacketBuilder(): Promise<PacketBuilder> {
  const { PacketBuilder } = await import('@filing-mcp/irs-forms/pdf');
  return new PacketBuilder({
    loadTemplate: (name) => readFile(require.resolve(`@filing-mcp/irs-forms/templates/${name}`)),
  });
}
