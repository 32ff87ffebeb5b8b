import type { FilingDatabase } from '../storage/database.js';
import { errorResponse, HttpError, httpErrorOf } from '../errors/http-errors.js';
import { type RequestContext, withCors } from '@filing-mcp/protocol';
import type { Kysely } from 'kysely';
import { kindRecord } from '../kinds/filing-kinds.js';
import type { RateLimiter } from '../rate-limits/rate-limiter.js';
import { chunkedBody } from './chunked-body.js';
import type { FilingPackets } from './filing-packets.js';
import type { PacketLinks } from './packet-links.js';
import type { BillingDesk } from '../payments/billing-desk.js';

/** The filing repository (Kysely's query builder), loaded by the first packet read or download. */
const loadFilingRepository = () => import('../storage/filing-repository.js');

function problem(status: number, message: string, headers: Record<string, string> = {}): Response {
  return errorResponse(new HttpError(status, message, { headers }));
}

/** The refusal texts of a signed packet link, each saying what to do. */
export const PACKET_LINK_MESSAGES = Object.freeze({
  invalid: 'Forbidden: this download link is not valid; call get_pdf_url for a new one',
  expired: 'Forbidden: this download link has expired; call get_pdf_url for a new one',
  gone: 'Not found: the filing of this download link no longer exists',
  method: 'Method not allowed: use GET',
  tooMany: 'Too many requests: the download limit of this link or address is reached; retry later',
  gone_caller: 'The request was cancelled',
  part: 'Bad request: part is "file" (the return to sign and send, and nothing else) or "owner" (the cover page, Form 7004 and worksheets, never sent with it)',
  noOwnerPart: 'Not found: this packet has no part for the owner (no cover page, Form 7004 or worksheet)',
});

/**
 * Serves `GET {base_url}/packets/{kind}/{id}.pdf?exp=...&sig=...`: the packet of one filing (the
 * part for the owner first, then the part to file); with `&part=file` the part to file alone (what
 * is signed, uploaded and sent), with `&part=owner` the cover page, Form 7004 and worksheets,
 * without a session or credential, to whoever holds a link get_pdf_url signed within its life.
 * The answer is never cached nor shared (`no-store`) and sends no referrer onwards. Its body is
 * the cached packet's own bytes, written in bounded pieces as the client takes them
 * (`chunkedBody`): concurrent downloads share one copy.
 *
 * Downloads are limited per client address (`packetDownload`) and per link (`packetLink`) before
 * anything is read, and the packet comes from the shared cache and bounded build queue: a full
 * queue answers 503 with `Retry-After`, and a download whose client has gone stops waiting. With
 * `BILLING=on` the final packet of a ready filing without a credit answers 402, saying how to buy.
 */
export function createPacketDownload(options: {
  links: PacketLinks;
  db: () => Promise<Kysely<FilingDatabase>>;
  packets: FilingPackets;
  /** The shared rate limiter, when limits are on. */
  limiter: () => Promise<RateLimiter | undefined>;
  /** With `BILLING=on`, the final packet of a ready filing uses its credit (once per filing). */
  billing?: () => BillingDesk | undefined;
}): (request: Request, path: string, context?: RequestContext) => Promise<Response> {
  const tooMany = (retryAfter: number) =>
    problem(429, PACKET_LINK_MESSAGES.tooMany, { 'retry-after': String(retryAfter) });
  return async (request, path, context) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return problem(405, PACKET_LINK_MESSAGES.method, { allow: 'GET, HEAD' });
    }
    const limiter = await options.limiter();
    const address = context?.clientAddress;
    if (limiter !== undefined && address !== undefined) {
      const retryAfter = await limiter.hit('packetDownload', address.slice(0, 64));
      if (retryAfter !== undefined) return tooMany(retryAfter);
    }
    const query = new URL(request.url).searchParams;
    const part = query.get('part');
    if (part !== null && part !== 'file' && part !== 'owner') return problem(400, PACKET_LINK_MESSAGES.part);
    const section = part ?? undefined;
    const grant = await options.links.verify(path, query);
    if (grant === 'invalid' || grant === 'expired') return problem(403, PACKET_LINK_MESSAGES[grant]);
    if (grant.purpose !== 'download') return problem(403, PACKET_LINK_MESSAGES.invalid);
    if (limiter !== undefined) {
      // One link is one signature: its key names the link without storing it whole.
      const retryAfter = await limiter.hit('packetLink', (query.get('sig') ?? '').slice(0, 22));
      if (retryAfter !== undefined) return tooMany(retryAfter);
    }
    const [{ FilingRepository }, db] = await Promise.all([loadFilingRepository(), options.db()]);
    const filing = await new FilingRepository(db).packetSource(grant.kind, grant.id);
    if (filing === undefined) return problem(404, PACKET_LINK_MESSAGES.gone);
    let pdf: Uint8Array;
    try {
      const packet = await options.packets.pdf(grant.kind, filing, request.signal, section);
      if (section === 'owner' && packet.contents?.length === 0)
        return problem(404, PACKET_LINK_MESSAGES.noOwnerPart);
      ({ pdf } = packet);
      // The final (unmarked) packet is what is mailed: it uses the filing's credit; the draft
      // and the owner's part alone stay free, and HEAD downloads nothing.
      const billing = options.billing?.();
      if (billing !== undefined && packet.ready === true && section !== 'owner' && request.method === 'GET') {
        const refusal = await billing.creditForDownload({
          userId: filing.user_id,
          filingId: grant.id,
          kind: grant.kind,
        });
        if (refusal !== undefined) return problem(402, `Payment required: ${refusal}`);
      }
    } catch (error) {
      if (request.signal.aborted) return problem(503, PACKET_LINK_MESSAGES.gone_caller);
      // A full build queue 503 with Retry-After, a packet over its bounds 413, text the forms
      // cannot print 422: as the companion's link and the MCP resource answer them.
      const refusal = httpErrorOf(error);
      if (refusal !== undefined) return errorResponse(refusal);
      throw error;
    }
    const name = kindRecord(grant.kind).packet.fileName;
    const suffix = section === undefined ? '' : section === 'file' ? '-to-file' : '-for-owner';
    return withCors(
      new Response(request.method === 'HEAD' ? null : chunkedBody(pdf), {
        status: 200,
        headers: {
          'content-type': 'application/pdf',
          'content-length': String(pdf.byteLength),
          'content-disposition': `attachment; filename="${name}-${grant.id}${suffix}.pdf"`,
          'cache-control': 'private, no-store',
          'referrer-policy': 'no-referrer',
          'x-content-type-options': 'nosniff',
        },
      }),
    );
  };
}
