import type { FilingKind } from '../kinds/filing-kinds.js';
import type { CheckedSignedCopy, FilingPackets, PacketSource } from '../resources/filing-packets.js';

/**
 * The unsigned pages a signed copy of `filing` must be a copy of, built from the filing as it is
 * now (through the shared cache and bounded build queue: a full queue is a 503), and what the
 * answers call them. Today the whole packet; the one place that decides which pages are filed.
 */
export async function expectedPagesOf(
  packets: FilingPackets,
  kind: FilingKind,
  filing: PacketSource,
): Promise<{ pdf: Uint8Array; name: string }> {
  const { pdf } = await packets.pdf(kind, filing);
  return { pdf, name: 'the packet' };
}

/**
 * Checks an uploaded signed copy against the expected pages, off the request thread (the packet
 * workers' bounded queue): irs-forms' `checkSignedCopy` refuses what is past its bounds, not of
 * the filing as it is now, or not signed (its `SignedCopyError`, answered by `httpErrorOf`), and
 * answers the PDF rebuilt without active content, with what it could not tell.
 */
export function checkUploadedCopy(
  packets: FilingPackets,
  filing: PacketSource,
  files: ReadonlyArray<{ bytes: Uint8Array; name?: string }>,
  expected: { pdf: Uint8Array; name: string },
): Promise<CheckedSignedCopy> {
  return packets.signedCopy(filing.user_id, { files, expected: expected.pdf, expectedName: expected.name });
}
