// Timestamps as the records carry them; no zod here, so that authentication loads none.

/**
 * Normalises a timestamp from any driver (a `Date`, or a string when a driver's type parsers
 * were changed) to ISO 8601 in UTC.
 */
export function toIsoTimestamp(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** {@link toIsoTimestamp} for nullable columns. */
export function toIsoTimestampOrNull(value: Date | string | null | undefined): string | null {
  return value == null ? null : toIsoTimestamp(value);
}
