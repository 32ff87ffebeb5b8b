import { SignedCopyError } from './signed-copy-error.js';

/**
 * Bounds of the work one signed copy may cause, checked before anything is decoded: a small file
 * can hold a huge image (8000 × 8000 pixels in 187 KB) or a stream that inflates a thousandfold.
 */
export const SIGNED_COPY_BOUNDS = Object.freeze({
  /** Pixels of one image: 25 million (a Letter page at 300 dpi is 2550 × 3300, 8.4 million). */
  maxPixels: 25_000_000,
  /** The longer side of one image, in pixels. */
  maxImageSide: 10_000,
  /** The longer side of one page, in points (20 inches; Letter is 612 × 792). */
  maxPageSide: 1440,
  /** Bytes one compressed stream may inflate to. */
  maxStreamBytes: 32 * 1024 * 1024,
  /** Bytes all compressed streams of a file together may inflate to. */
  maxInflatedBytes: 128 * 1024 * 1024,
});

export type SignedCopyBounds = typeof SIGNED_COPY_BOUNDS;

/** Width and height from a PNG's IHDR chunk (the first chunk, at a fixed offset), without decoding. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes.length < 24) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // 8-byte signature, 4-byte length, "IHDR".
  if (view.getUint32(12) !== 0x49484452) return undefined;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Width and height from a JPEG's first start-of-frame marker, without decoding. */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return {
        height: (bytes[at + 5]! << 8) | bytes[at + 6]!,
        width: (bytes[at + 7]! << 8) | bytes[at + 8]!,
      };
    }
    if (marker === 0xd9 || marker === 0xda) return undefined;
    at += 2 + length;
  }
  return undefined;
}

/** Refuses an image (by its header, before any decoding) past {@link SIGNED_COPY_BOUNDS}. */
export function checkImageSize(
  size: { width: number; height: number } | undefined,
  name: string,
  bounds: SignedCopyBounds = SIGNED_COPY_BOUNDS,
): { width: number; height: number } {
  if (size === undefined || size.width === 0 || size.height === 0) {
    throw new SignedCopyError('unreadable', `${name} is not a readable image: scan it again`);
  }
  const { width, height } = size;
  if (width * height > bounds.maxPixels || Math.max(width, height) > bounds.maxImageSide) {
    throw new SignedCopyError(
      'image_too_large',
      `${name} is ${width} × ${height} pixels; at most ${bounds.maxPixels / 1_000_000} million pixels (and ${bounds.maxImageSide} on a side) are accepted: scan it at 300 dpi (a Letter page is 2550 × 3300 pixels)`,
    );
  }
  return size;
}

/**
 * Refuses, from their first bytes alone, the images of an upload past {@link SIGNED_COPY_BOUNDS}
 * (a PNG's IHDR, a JPEG's start of frame): cheap enough for a request thread, so such an upload is
 * refused at once, before any packet is built or worker is asked. `signedCopyPdf` checks them again.
 */
export function checkSignedCopyHeaders(
  files: ReadonlyArray<{ bytes: Uint8Array; name?: string }>,
  bounds: SignedCopyBounds = SIGNED_COPY_BOUNDS,
): void {
  for (const [index, file] of files.entries()) {
    const name = file.name ?? `File ${index + 1}`;
    const bytes = file.bytes;
    if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
      checkImageSize(pngSize(bytes), name, bounds);
    } else if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
      checkImageSize(jpegSize(bytes), name, bounds);
    }
  }
}
