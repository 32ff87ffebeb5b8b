import type { FilingKind } from '@filing-mcp/irs-forms';
import type { Packet, PacketFile } from '@filing-mcp/irs-forms/pdf';

/**
 * What the companion needs of a packet builder: the shape of irs-forms' `PacketBuilder`, so an
 * in-process `new PacketBuilder({ loadTemplate })` serves where worker threads are not wanted
 * (Vercel, Lambda), and `createPacketWorker()` of `@filing-mcp/companion/node` on a long-lived
 * Node server.
 */
export interface PacketService {
  build(kind: FilingKind, formData: Record<string, unknown>): Promise<Packet>;
  buildFiles(kind: FilingKind, formData: Record<string, unknown>): Promise<PacketFile[]>;
}
