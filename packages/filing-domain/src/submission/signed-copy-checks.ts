import type { FilingKind } from '../kinds/filing-kinds.js';
import type {
  BuiltPacketContent,
  CheckedSignedCopy,
  FilingPackets,
  PacketSource,
} from '../resources/filing-packets.js';

/** The pages a signed copy must be a copy of, what the answers call them, and what they hold. */
export interface ExpectedPages {
  pdf: Uint8Array;
  name: string;
  contents: ReadonlyArray<BuiltPacketContent>;
}

/**
 * The unsigned pages a signed copy of `filing` must be a copy of: the part to file
 * (IRS_RULES.packetParts: the return, without the cover page, Form 7004 or worksheets), built
 * from the filing as it is now (through the shared cache and bounded build queue: a full queue is
 * a 503), and what the answers call it. The one place that decides which pages are filed: what
 * is checked here is what send_fax faxes.
 */
export async function expectedPagesOf(
  packets: FilingPackets,
  kind: FilingKind,
  filing: PacketSource,
): Promise<ExpectedPages> {
  const { pdf, contents = [] } = await packets.pdf(kind, filing, undefined, 'file');
  return { pdf, name: 'the part to file', contents };
}

/**
 * The first stage of a signed copy's check, before any packet is built: on the packet workers'
 * bounded queue, irs-forms' `checkSignedCopy` without expected pages checks the bounds (each
 * image's pixels, each page's size, how far each stream inflates) and rebuilds the PDF from the
 * pages without active content. A copy past its bounds is refused here (its `SignedCopyError`,
 * answered by `httpErrorOf`) at the cost of the bounded work alone, not of a cold packet build.
 */
export function rebuildUploadedCopy(
  packets: FilingPackets,
  filing: PacketSource,
  files: ReadonlyArray<{ bytes: Uint8Array; name?: string }>,
): Promise<CheckedSignedCopy> {
  return packets.signedCopy(filing.user_id, { files });
}

/**
 * Checks a rebuilt signed copy ({@link rebuildUploadedCopy}) against the expected pages, off the
 * request thread (the packet workers' bounded queue): irs-forms' `checkSignedCopy` refuses a copy
 * not of the filing as it is now, or not signed (its `SignedCopyError`, answered by
 * `httpErrorOf`), and answers what it could not tell.
 */
export function checkUploadedCopy(
  packets: FilingPackets,
  filing: PacketSource,
  rebuilt: CheckedSignedCopy,
  expected: ExpectedPages,
): Promise<CheckedSignedCopy> {
  return packets.signedCopy(filing.user_id, {
    files: [{ bytes: rebuilt.pdf, name: 'The signed copy' }],
    rebuilt: true,
    expected: expected.pdf,
    expectedName: expected.name,
    expectedContents: expected.contents.map((part) => part.form).join(', '),
    expectedSource: "get_pdf_url's download_to_file_url",
    expectedWithout: 'the cover page or a Form 7004',
  });
}
