/** True for a promise (a thenable), which the caller must await; a plain value is used as is. */
export function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
