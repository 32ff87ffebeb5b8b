/** Bytes of a download handed to the socket per step: a write the event loop never holds long. */
export const BODY_CHUNK_BYTES = 64 * 1024;

/**
 * A response body over `bytes` (a built packet, shared by every download of it: never copied) in
 * pieces of at most {@link BODY_CHUNK_BYTES}, each a view into `bytes`, handed out only when the
 * writer asks for the next one (a high-water mark of 0): the Node bridge waits for the socket to
 * drain before it reads on, so a slow client holds back its own download alone, and a hundred
 * downloads of one packet hold one copy of it.
 */
export function chunkedBody(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        if (bytes.byteLength === 0) controller.close();
      },
      pull(controller) {
        const end = Math.min(at + BODY_CHUNK_BYTES, bytes.byteLength);
        controller.enqueue(bytes.subarray(at, end));
        at = end;
        if (at >= bytes.byteLength) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}
