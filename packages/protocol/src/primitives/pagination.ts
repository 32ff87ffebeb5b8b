import { invalidParams } from '../jsonrpc/mcp-error.js';

/** One page of a list and the cursor of the next one, if any. */
export interface Page<T> {
  items: readonly T[];
  nextCursor?: string;
}

// Cursors are opaque to clients (MCP: Pagination). Ours name the offset of the next page and the
// list's length, base64url-encoded: a cursor of another list or an edited one is refused rather
// than silently read from the wrong place.
const CURSOR = /^p([0-9]{1,9})\.([0-9]{1,9})$/;

function encodeCursor(offset: number, total: number): string {
  return btoa(`p${offset}.${total}`).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

function decodeCursor(cursor: string): { offset: number; total: number } | undefined {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(cursor)) return undefined;
  let text: string;
  try {
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return undefined;
  }
  const match = CURSOR.exec(text);
  if (match === null) return undefined;
  return { offset: Number(match[1]), total: Number(match[2]) };
}

/**
 * Splits a fixed list into pages of `pageSize`. `cursor` is the request's `params.cursor`:
 * absent for the first page; anything this function did not hand out answers -32602.
 */
export function paginate<T>(items: readonly T[], cursor: unknown, pageSize: number): Page<T> {
  let offset = 0;
  if (cursor !== undefined && cursor !== null) {
    const decoded = typeof cursor === 'string' ? decodeCursor(cursor) : undefined;
    if (decoded === undefined || decoded.total !== items.length || decoded.offset >= items.length) {
      throw invalidParams('Invalid params: unknown cursor');
    }
    offset = decoded.offset;
  }
  const end = offset + pageSize;
  if (end >= items.length) return { items: offset === 0 ? items : items.slice(offset) };
  return { items: items.slice(offset, end), nextCursor: encodeCursor(end, items.length) };
}
