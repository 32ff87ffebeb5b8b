import { withCors } from '@filing-mcp/protocol';
import type { Kysely } from 'kysely';
import type { FilingPacketBuilder } from './packet-resources.js';
import type { PacketLinks } from './packet-links.js';

function problem(status: number, message: string, headers: Record<string, string> = {}): Response {
  return withCors(
    new Response(JSON.stringify({ code: status, message }), {
      status,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
    }),
  );
}

/** The refusal texts of a signed packet link, each saying what to do. */
export const PACKET_LINK_MESSAGES = Object.freeze({
  invalid: 'Forbidden: this download link is not valid; call get_pdf_url for a new one',
  expired: 'Forbidden: this download link has expired; call get_pdf_url for a new one',
  gone: 'Not found: the filing of this download link no longer exists',
  method: 'Method not allowed: use GET',
});

/**
 * Serves `GET {base_url}/packets/{kind}/{id}.pdf?exp=...&sig=...`: the packet of one filing,
 * without a session or credential, to whoever holds a link get_pdf_url signed within its life.
 * The answer is never cached nor shared (`no-store`) and sends no referrer onwards.
 */
export function createPacketDownload(options: {
  links: PacketLinks;
  db: () => Promise<Kysely<any>>;
  packets: FilingPacketBuilder;
}): (request: Request, path: string) => Promise<Response> {
  return async (request, path) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return problem(405, PACKET_LINK_MESSAGES.method, { allow: 'GET, HEAD' });
    }
    const grant = await options.links.verify(path, new URL(request.url).searchParams);
    if (grant === 'invalid' || grant === 'expired') return problem(403, PACKET_LINK_MESSAGES[grant]);
    if (grant.purpose !== 'download') return problem(403, PACKET_LINK_MESSAGES.invalid);
    const [{ FilingRepository }, db] = await Promise.all([
      import('../storage/filing-repository.js'),
      options.db(),
    ]);
    const formData = await new FilingRepository(db).formDataById(grant.kind, grant.id);
    if (formData === undefined) return problem(404, PACKET_LINK_MESSAGES.gone);
    let pdf: Uint8Array;
    try {
      ({ pdf } = await options.packets.build(grant.kind, formData));
    } catch (error) {
      const { UnprintableTextError } = await import('@filing-mcp/irs-forms');
      if (error instanceof UnprintableTextError) {
        return problem(422, `The forms cannot be printed: ${error.message}; fix it with the update tool`);
      }
      throw error;
    }
    const name = grant.kind === '5472' ? 'form-5472-packet' : 'form-1065-packet';
    return withCors(
      new Response(request.method === 'HEAD' ? null : (pdf as Uint8Array<ArrayBuffer>), {
        status: 200,
        headers: {
          'content-type': 'application/pdf',
          'content-length': String(pdf.byteLength),
          'content-disposition': `attachment; filename="${name}-${grant.id}.pdf"`,
          'cache-control': 'private, no-store',
          'referrer-policy': 'no-referrer',
          'x-content-type-options': 'nosniff',
        },
      }),
    );
  };
}
