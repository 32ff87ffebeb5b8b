import { paramsTextProblem } from './client-text.js';
import { OAuthError } from './errors.js';

/** Largest request body the OAuth endpoints read; registration documents and token requests are small. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Reads the body as text, refusing more than {@link MAX_BODY_BYTES} without buffering the rest. */
export async function readBodyText(request: Request, error: () => Error): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw error();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      throw error();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw error();
  }
}

/**
 * Single-valued parameters from a query string or form body. A repeated parameter is an error
 * (RFC 6749 section 3.1/3.2), so an attacker cannot smuggle a second value past validation.
 */
export function singleValuedParams(search: URLSearchParams): Map<string, string> | { duplicate: string } {
  const params = new Map<string, string>();
  for (const [key, value] of search) {
    if (params.has(key)) return { duplicate: key };
    params.set(key, value);
  }
  return params;
}

/**
 * Parameters of a JSON object body: strings kept, numbers and booleans turned into strings (some
 * clients send them so), null ignored; anything else makes the whole body invalid.
 */
export function jsonObjectParams(body: unknown): Map<string, string> | { invalid: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { invalid: '(body)' };
  const params = new Map<string, string>();
  for (const [key, value] of Object.entries(body)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'string') params.set(key, value);
    else if (typeof value === 'number' || typeof value === 'boolean') params.set(key, String(value));
    else return { invalid: key };
  }
  return params;
}

/**
 * Token and revocation requests: form-encoded (RFC 6749 section 4.1.3), JSON, or a raw form body
 * without content type, as clients send them.
 */
export async function readParams(request: Request): Promise<Map<string, string>> {
  const invalid = (description: string) => new OAuthError('invalid_request', description);
  const text = await readBodyText(request, () => invalid('the request body is too large or not UTF-8'));
  const contentType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (contentType === 'application/json' || contentType.endsWith('+json')) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw invalid('the request body is not valid JSON');
    }
    const params = jsonObjectParams(body);
    if (!(params instanceof Map)) throw invalid(`the parameter ${params.invalid} must be a string`);
    return checkedText(params, invalid);
  }
  if (
    contentType !== '' &&
    contentType !== 'application/x-www-form-urlencoded' &&
    contentType !== 'text/plain'
  ) {
    throw invalid('the body must be application/x-www-form-urlencoded or application/json');
  }
  const params = singleValuedParams(new URLSearchParams(text));
  if (!(params instanceof Map)) throw invalid(`the parameter ${params.duplicate} was sent more than once`);
  return checkedText(params, invalid);
}

function checkedText(
  params: Map<string, string>,
  invalid: (description: string) => Error,
): Map<string, string> {
  const problem = paramsTextProblem(params);
  if (problem !== undefined) throw invalid(problem);
  return params;
}
