/** A log-safe event: never contains a raw token, code or secret. */
export interface OAuthLogEvent {
  event: string;
  clientId?: string;
  userId?: string;
  error?: string;
  [key: string]: unknown;
}
