import type { FilingDatabase } from '../storage/database.js';
import { errorResponse, HttpError, httpErrorOf, jsonResponse } from '../errors/http-errors.js';
import { withCors } from '@filing-mcp/protocol';
import type { Kysely } from 'kysely';
import type { FilingPackets } from '../resources/filing-packets.js';
import type { PacketLinks } from '../resources/packet-links.js';
import { sha256Hex } from '../auth/hash.js';
import { readBoundedBody } from './bounded-body.js';
import { SIGNED_COPY_MAX_BYTES, SignedCopyRefusedError, storeSignedCopy } from './signed-copy.js';
import { SubmissionStore } from './submission-store.js';

const refusal = (status: number, code: string, message: string, headers?: Record<string, string>) =>
  errorResponse(new HttpError(status, message, { code, ...(headers && { headers }) }));

/** The refusal texts of the signed links of signed copies, each saying what to do. */
export const SIGNED_COPY_LINK_MESSAGES = Object.freeze({
  invalid: 'Forbidden: this link is not valid; call get_pdf_url for a new upload_url',
  expired: 'Forbidden: this link has expired; call get_pdf_url for a new upload_url',
  uploadMethod:
    'Method not allowed: POST the signed copy (PDF, JPEG or PNG) as the body or as multipart/form-data files',
  mediaMethod: 'Method not allowed: use GET',
});

/** The files of an upload: the raw body (one file), or each file of a multipart/form-data body, in order. */
async function uploadedFiles(request: Request, body: Uint8Array<ArrayBuffer>) {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) return [{ bytes: body as Uint8Array }];
  const form = await new Response(body, { headers: { 'content-type': type } }).formData();
  const files: Array<{ bytes: Uint8Array; name?: string }> = [];
  for (const value of form.values()) {
    if (typeof value === 'string') continue;
    files.push({ bytes: new Uint8Array(await value.arrayBuffer()), name: value.name.slice(0, 100) });
  }
  return files;
}

/**
 * The routes of signed copies, under `{base_url}/signed-copies/`: `POST upload/{kind}/{id}?exp&sig`
 * (the `upload_url` get_pdf_url answers: 24 hours, that filing only, one copy) keeps the signed copy;
 * `GET fax/{kind}/{copy id}.pdf?exp&sig` answers one signed copy to the fax provider that was handed
 * the link. Answers undefined for any other path.
 */
export function createSignedCopyRoutes(options: {
  links: PacketLinks;
  db: () => Promise<Kysely<FilingDatabase>>;
  packets: FilingPackets;
}): (request: Request, path: string) => Promise<Response> {
  return async (request, path) => {
    const grant = await options.links.verify(path, new URL(request.url).searchParams);
    if (grant === 'invalid' || grant === 'expired')
      return refusal(403, grant, SIGNED_COPY_LINK_MESSAGES[grant]);
    if (grant.purpose === 'fax-media') {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return refusal(405, 'method_not_allowed', SIGNED_COPY_LINK_MESSAGES.mediaMethod, {
          allow: 'GET, HEAD',
        });
      }
      const pdf = await new SubmissionStore(await options.db()).signedCopyBytes(grant.id, grant.kind);
      if (pdf === undefined) return refusal(404, 'not_found', 'Not found: this signed copy no longer exists');
      return new Response(request.method === 'HEAD' ? null : (pdf as Uint8Array<ArrayBuffer>), {
        status: 200,
        headers: {
          'content-type': 'application/pdf',
          'content-length': String(pdf.byteLength),
          'cache-control': 'private, no-store',
          'referrer-policy': 'no-referrer',
          'x-content-type-options': 'nosniff',
        },
      });
    }
    if (grant.purpose !== 'upload') return refusal(403, 'invalid', SIGNED_COPY_LINK_MESSAGES.invalid);
    if (request.method !== 'POST' && request.method !== 'PUT') {
      return refusal(405, 'method_not_allowed', SIGNED_COPY_LINK_MESSAGES.uploadMethod, {
        allow: 'POST, PUT',
      });
    }
    // Multipart framing adds a little to the files: allow it that much, and check the files' own sizes after.
    const body = await readBoundedBody(request, SIGNED_COPY_MAX_BYTES + 64 * 1024);
    if (body === 'too_large') {
      return refusal(
        413,
        'too_large',
        'The signed copy is larger than 20 MiB: scan it at a lower resolution',
        {
          connection: 'close',
        },
      );
    }
    try {
      const files = await uploadedFiles(request, body).catch(() => {
        throw new SignedCopyRefusedError(400, 'bad_request', 'The multipart/form-data body cannot be read');
      });
      const stored = await storeSignedCopy({
        db: await options.db(),
        packets: options.packets,
        kind: grant.kind,
        filingId: grant.id,
        files,
        // A link takes one copy: the SHA-256 of its signature names it (the signature itself is never stored).
        uploadLink: await sha256Hex(new URL(request.url).searchParams.get('sig') ?? ''),
      });
      return withCors(
        jsonResponse(
          {
            ...stored,
            next:
              stored.notes.length === 0
                ? 'Call send_fax with the filing id to fax it to the IRS, or mail it and call mark_filed.'
                : `${stored.notes.join(' ')} Then call send_fax with the filing id to fax it to the IRS, or mail it and call mark_filed.`,
          },
          201,
        ),
      );
    } catch (error) {
      // A refused copy, a packet too large or busy to compare with: as every surface answers them.
      const refused = httpErrorOf(error);
      if (refused !== undefined) return errorResponse(refused);
      throw error;
    }
  };
}
