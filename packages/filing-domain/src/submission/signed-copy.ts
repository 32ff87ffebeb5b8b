import type { FilingDatabase } from '../storage/database.js';
import type { FilingKind } from '../kinds/filing-kinds.js';
import { HttpError } from '../errors/http-errors.js';
import { loadIrsForms } from '../loading/loaders.js';
import type { Kysely } from 'kysely';
import type { FilingPackets } from '../resources/filing-packets.js';
import { FilingRepository } from '../storage/filing-repository.js';
import { checkUploadedCopy, expectedPagesOf, rebuildUploadedCopy } from './signed-copy-checks.js';
import { type SignedCopySummary, SubmissionStore } from './submission-store.js';

/** At most 20 MiB uploaded (all files together), refused before the body is read. */
export const SIGNED_COPY_MAX_BYTES = 20 * 1024 * 1024;

/** A refused signed copy: the HTTP status, a stable code, and what to do. Nothing was stored. */
export class SignedCopyRefusedError extends HttpError {
  override readonly name = 'SignedCopyRefusedError';
  declare readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(status, message, { code });
  }
}

const linkUsed = () =>
  new SignedCopyRefusedError(
    409,
    'upload_link_used',
    'This upload link has taken its signed copy already: call get_pdf_url for a new upload_url to upload another copy',
  );

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(hash, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Checks and keeps the signed copy of a filing: its files (PDF, JPEG or PNG; images become US
 * Letter pages) are checked off the request thread, in the packet workers' bounded queue
 * (signed-copy-checks.ts: irs-forms' `checkSignedCopy`): sizes, pixels and inflated streams
 * bounded before decoding, the page count and each page against the part to file
 * (IRS_RULES.packetParts: the return without the cover page, Form 7004 or worksheets) built from
 * the filing as it is now, and the signature areas signed. What is kept is the PDF rebuilt from
 * the pages without active content, with its SHA-256, the filing version and the part's contents.
 * `uploadLink` (the SHA-256 of an upload link's signature): a link takes one copy, a second is a
 * 409. `userId` given (the companion's signed-in user), only that user's filing; otherwise the
 * filing the signed link names. Throws {@link SignedCopyRefusedError}, or irs-forms'
 * `SignedCopyError` (unreadable, unsigned, outdated...) or a packet's error (too large, busy),
 * when anything is wrong: nothing is stored, and each surface answers it by `httpErrorOf`
 * (errors/http-errors.ts). `notes` says what the checks could not tell, for the agent to ask the user.
 */
export async function storeSignedCopy(options: {
  db: Kysely<FilingDatabase>;
  packets: FilingPackets;
  kind: FilingKind;
  filingId: string;
  userId?: string;
  files: ReadonlyArray<{ bytes: Uint8Array; name?: string }>;
  uploadLink?: string;
}): Promise<{ signed_copy: SignedCopySummary; packet_pages: number; notes: string[] }> {
  const { db, kind, filingId } = options;
  const total = options.files.reduce((sum, file) => sum + file.bytes.byteLength, 0);
  if (total > SIGNED_COPY_MAX_BYTES) {
    throw new SignedCopyRefusedError(
      413,
      'too_large',
      'The signed copy is larger than 20 MiB: scan it at a lower resolution',
    );
  }
  const filing = await new FilingRepository(db).packetSource(kind, filingId, options.userId);
  if (filing === undefined) throw new SignedCopyRefusedError(404, 'filing_not_found', 'Filing not found');
  const store = new SubmissionStore(db);
  if (options.uploadLink !== undefined && (await store.copyOfUploadLink(options.uploadLink)) !== undefined)
    throw linkUsed();
  // An image too large is refused by its header at once: no packet is built, no worker asked.
  (await loadIrsForms()).checkSignedCopyHeaders(options.files);
  // Bounds (pixels, page sizes, how far each stream inflates) and the rebuild on a packet worker,
  // before the expected pages are built: a bomb is refused at the cost of the bounded work, not
  // after a cold build of the packet.
  const rebuilt = await rebuildUploadedCopy(options.packets, filing, options.files);
  // The part to file as it is now: the copy's page count, pages and signatures are checked against it.
  const expected = await expectedPagesOf(options.packets, kind, filing);
  const checked = await checkUploadedCopy(options.packets, filing, rebuilt, expected);
  const copy = { ...checked, types: rebuilt.types };
  const { contents } = expected;
  const pdf = copy.pdf as Uint8Array<ArrayBuffer>;
  const summary = await store.addSignedCopy({
    filingVersion: filing.updated_at,
    contents: contents.map(({ form, first_page, pages }) => ({ form, first_page, pages })),
    ...(options.uploadLink !== undefined && { uploadLink: options.uploadLink }),
    userId: filing.user_id,
    filingId,
    kind,
    sha256: await sha256Hex(pdf),
    pages: copy.pages,
    sourceTypes: copy.types,
    notes: copy.findings.notes,
    pdf,
  });
  if (summary === 'link_used') throw linkUsed();
  return { signed_copy: summary, packet_pages: copy.pages, notes: copy.findings.notes };
}
