import type { FilingKind } from '@filing-mcp/irs-forms';
import type { Packet, PacketFile } from '@filing-mcp/irs-forms/pdf';

/** Options of one build: the day the packet is for, and the signal that cancels it. */
export interface PacketServiceBuildOptions {
  /** YYYY-MM-DD (UTC), default today. */
  asOf?: string;
  /** Aborted when the build is no longer wanted: a waiting build leaves the queue, a running one stops. */
  signal?: AbortSignal;
}

/**
 * What the companion needs of a packet builder: the shape of irs-forms' `PacketBuilder`, so an
 * in-process `new PacketBuilder({ loadTemplate })` serves where worker threads are not wanted
 * (Vercel, Lambda), and `createPacketWorker()` of `@filing-mcp/companion/node` on a long-lived
 * Node server.
 */
export interface PacketService {
  build(
    kind: FilingKind,
    formData: Record<string, unknown>,
    options?: PacketServiceBuildOptions,
  ): Promise<Packet>;
  buildFiles(
    kind: FilingKind,
    formData: Record<string, unknown>,
    options?: PacketServiceBuildOptions,
  ): Promise<PacketFile[]>;
}
