/** A request's `_meta.progressToken`: a string or an integer, as the client sent it. */
export type ProgressToken = string | number;

/** The request's progress token, when `params._meta.progressToken` is one. */
export function progressTokenOf(params: unknown): ProgressToken | undefined {
  if (typeof params !== 'object' || params === null) return undefined;
  const meta = (params as { _meta?: unknown })._meta;
  if (typeof meta !== 'object' || meta === null) return undefined;
  const token = (meta as { progressToken?: unknown }).progressToken;
  if (typeof token === 'string' || (typeof token === 'number' && Number.isFinite(token))) return token;
  return undefined;
}

/** The serialized `notifications/progress` for one step. */
export function progressNotification(
  progressToken: ProgressToken,
  progress: number,
  total: number | undefined,
  message: string | undefined,
): string {
  const params: Record<string, unknown> = { progressToken, progress };
  if (total !== undefined) params.total = total;
  if (message !== undefined) params.message = message;
  return JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params });
}
