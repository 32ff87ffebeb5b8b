import type { Box, Mark } from './page-marks.js';

/** Where a page of the part to file is signed by hand, found on the unsigned page by a string it prints. */
export interface SignatureArea {
  /** What the answer calls it. */
  label: string;
  /** Finds the area on an unsigned page from the text it paints; undefined when not this page. */
  find(texts: ReadonlyArray<{ text: string; box: Box }>): Box | undefined;
}

/**
 * The areas of the part to file that the signer signs: the return by hand (IRS_RULES.handSignature),
 * and the reasonable-cause statement, a written declaration under penalties of perjury
 * (IRS_RULES.reasonableCause):
 *
 * - the pro forma 1120's "Signature of officer" box in "Sign Here" (page 1), the page that the
 *   packet stamps "Foreign-owned U.S. DE": in the 2025 template (f1120.pdf, 612 × 792) the box is
 *   left of the Date column, above the signature line at y = 90 and below the declaration (the
 *   Title field, f1_58, sits at x 324 to 461 on the same line); the area is its inside, where the
 *   unsigned page paints nothing;
 * - the reasonable-cause statement's signature line (the underscores above the signer's name):
 *   the blank lines above it, where the unsigned page paints nothing either.
 */
export const SIGNATURE_AREAS: readonly SignatureArea[] = Object.freeze([
  {
    label: "the pro forma 1120's signature box (Sign Here, Signature of officer)",
    find: (texts) =>
      texts.some((item) => item.text === 'Foreign-owned U.S. DE')
        ? ([76, 92.5, 262, 103.5] as const)
        : undefined,
  },
  {
    label: "the reasonable-cause statement's signature line",
    find: (texts) => {
      const line = texts.find((item) => /^_{20,}$/.test(item.text));
      if (line === undefined) return undefined;
      const [left, bottom] = line.box;
      // The text box starts 0.2 of the font size below the baseline; the area begins above the
      // underscores and ends below the declaration (two blank lines above).
      const size = (line.box[3] - bottom) / 1.0;
      const baseline = bottom + 0.2 * size;
      return [left + 2, baseline + size, left + 200, baseline + 2.4 * size] as const;
    },
  },
]);

/** A simple font's codes as text (the packet's own strings are WinAnsi; ASCII for the markers). */
export function textOf(mark: Mark): string {
  return String.fromCharCode(...(mark.bytes ?? []));
}
