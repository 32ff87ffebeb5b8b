import type { ServerResponse } from 'node:http';

/** The largest body {@link writeResponse} hands to the socket in one write (a usual answer is a few KB). */
export const ONE_WRITE_BYTES = 256 * 1024;

/** Bytes of one write of a larger body. */
export const WRITE_PIECE_BYTES = 64 * 1024;

/** Settles when `outgoing` can take more (its 'drain'), or has closed. */
export function waitForDrainOrClose(outgoing: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      outgoing.off('drain', done);
      outgoing.off('close', done);
      resolve();
    };
    outgoing.on('drain', done);
    outgoing.on('close', done);
  });
}

/**
 * Writes `chunks` in pieces of at most {@link WRITE_PIECE_BYTES}, each a view of its chunk
 * (nothing copied: a cached packet's base64 is shared by every answer holding it), waiting for
 * the socket to drain whenever it is full. A large answer (a packet of several MB) thus never
 * sits whole in the socket's queue, and a slow client holds back its own answer alone. Answers
 * false, having stopped, when the client has gone.
 */
export async function writePieces(outgoing: ServerResponse, chunks: readonly Uint8Array[]): Promise<boolean> {
  for (const chunk of chunks) {
    for (let at = 0; at < chunk.byteLength; at += WRITE_PIECE_BYTES) {
      if (outgoing.destroyed) return false;
      if (!outgoing.write(chunk.subarray(at, at + WRITE_PIECE_BYTES))) await waitForDrainOrClose(outgoing);
    }
  }
  return !outgoing.destroyed;
}

/** {@link writePieces} of a body after its head, then the end of the response. */
export async function writeInPieces(outgoing: ServerResponse, chunks: readonly Uint8Array[]): Promise<void> {
  if (await writePieces(outgoing, chunks)) outgoing.end();
}
