/** A log-safe event: never a raw credential, code or secret. */
export interface FilingLogEvent {
  event: string;
  [key: string]: unknown;
}

/** Receives log-safe events (errors, background failures). */
export type FilingLogger = (event: FilingLogEvent) => void;

/**
 * What a log line may say of an error: its name, message and code (a SQLSTATE or errno) only, since
 * a driver's `detail` fields can quote row values.
 */
export function errorSummary(error: unknown): Record<string, unknown> {
  if (error instanceof Error) {
    return {
      errorName: error.name,
      errorMessage: error.message,
      errorCode: (error as { code?: unknown }).code,
    };
  }
  return { errorMessage: String(error) };
}
