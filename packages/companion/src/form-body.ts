/** Largest form body the pages accept; their forms hold a few short fields. */
export const MAX_FORM_BYTES = 16 * 1024;

/** Why a form body could not be read. */
export type FormBodyProblem = 'unsupported content type' | 'body too large';

/**
 * Reads an `application/x-www-form-urlencoded` body, stopping at {@link MAX_FORM_BYTES} so a huge
 * upload is refused without being buffered.
 */
export async function readFormBody(request: Request): Promise<URLSearchParams | FormBodyProblem> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return 'unsupported content type';
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_FORM_BYTES) return 'body too large';
  if (!request.body) return new URLSearchParams();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_FORM_BYTES) {
      await reader.cancel();
      return 'body too large';
    }
    chunks.push(value);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
