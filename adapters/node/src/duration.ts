const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

// Ten years: far beyond any sensible credential lifetime, and small enough that `Date` stays valid.
const MAX_DURATION_MS = 10 * 365 * UNIT_MS.d;

/**
 * Parses a duration such as `30d`, `12h`, `90m` or `3600s` into milliseconds. Answers
 * `undefined` for anything else (no unit, zero, negative, fractions, other units), so that the
 * caller can name the flag in its error.
 *
 * @example
 * ```ts
 * parseDuration('30d'); // 2_592_000_000
 * ```
 */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d{1,9})([smhd])$/.exec(text.trim());
  if (!match) return undefined;
  const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  return ms > 0 && ms <= MAX_DURATION_MS ? ms : undefined;
}
