/** One operand of a content stream: a number, a name, a string's bytes, an array or a dictionary. */
export type Operand =
  | number
  | { name: string }
  | { bytes: Uint8Array }
  | Operand[]
  | { dict: Map<string, Operand> };

/** One operation: its operator and operands (an inline image is one `EI` whose operand is its dictionary; its data is skipped). */
export interface Operation {
  operator: string;
  operands: Operand[];
}

const WHITE = new Set([0, 9, 10, 12, 13, 32]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const isRegular = (byte: number) => !WHITE.has(byte) && !DELIMITERS.has(byte);
const HEX = (byte: number) =>
  byte >= 0x30 && byte <= 0x39
    ? byte - 0x30
    : byte >= 0x41 && byte <= 0x46
      ? byte - 55
      : byte >= 0x61 && byte <= 0x66
        ? byte - 87
        : -1;

/**
 * The operations of a content stream (ISO 32000-1, 7.8.2), at most `maxOperations` (then it stops:
 * the caller treats the page as unreadable). Lenient: an unknown byte is skipped.
 */
export function* contentOperations(data: Uint8Array, maxOperations: number): Generator<Operation> {
  let at = 0;
  let count = 0;
  const stack: Operand[][] = [[]];
  const top = () => stack[stack.length - 1]!;

  const skipWhite = () => {
    while (at < data.length) {
      const byte = data[at]!;
      if (WHITE.has(byte)) at++;
      else if (byte === 0x25) while (at < data.length && data[at] !== 10 && data[at] !== 13) at++;
      else break;
    }
  };

  const literal = (): Uint8Array => {
    const out: number[] = [];
    let depth = 1;
    at++;
    while (at < data.length) {
      const byte = data[at++]!;
      if (byte === 0x5c) {
        const next = data[at++];
        if (next === undefined) break;
        const escapes: Record<number, number> = { 110: 10, 114: 13, 116: 9, 98: 8, 102: 12 };
        if (escapes[next] !== undefined) out.push(escapes[next]);
        else if (next >= 0x30 && next <= 0x37) {
          let value = next - 0x30;
          for (let digits = 1; digits < 3 && data[at]! >= 0x30 && data[at]! <= 0x37; digits++)
            value = value * 8 + (data[at++]! - 0x30);
          out.push(value & 0xff);
        } else if (next === 13) {
          if (data[at] === 10) at++;
        } else if (next !== 10) out.push(next);
        continue;
      }
      if (byte === 0x28) depth++;
      if (byte === 0x29 && --depth === 0) break;
      out.push(byte);
    }
    return Uint8Array.from(out);
  };

  const hex = (): Uint8Array => {
    const out: number[] = [];
    let high = -1;
    at++;
    while (at < data.length && data[at] !== 0x3e) {
      const value = HEX(data[at++]!);
      if (value < 0) continue;
      if (high < 0) high = value;
      else {
        out.push(high * 16 + value);
        high = -1;
      }
    }
    at++;
    if (high >= 0) out.push(high * 16);
    return Uint8Array.from(out);
  };

  const word = (): string => {
    const start = at;
    while (at < data.length && isRegular(data[at]!)) at++;
    return String.fromCharCode(...data.subarray(start, at));
  };

  const toDict = (items: Operand[]): { dict: Map<string, Operand> } => {
    const dict = new Map<string, Operand>();
    for (let index = 0; index + 1 < items.length; index += 2) {
      const key = items[index];
      if (typeof key === 'object' && 'name' in key) dict.set(key.name, items[index + 1]!);
    }
    return { dict };
  };

  while (at < data.length) {
    skipWhite();
    if (at >= data.length) break;
    const byte = data[at]!;
    if (byte === 0x28) top().push({ bytes: literal() });
    else if (byte === 0x3c && data[at + 1] === 0x3c) {
      at += 2;
      stack.push([]);
    } else if (byte === 0x3e && data[at + 1] === 0x3e) {
      at += 2;
      const items = stack.length > 1 ? stack.pop()! : [];
      top().push(toDict(items));
    } else if (byte === 0x3c) top().push({ bytes: hex() });
    else if (byte === 0x5b) {
      at++;
      stack.push([]);
    } else if (byte === 0x5d) {
      at++;
      const items = stack.length > 1 ? stack.pop()! : [];
      top().push(items);
    } else if (byte === 0x2f) {
      at++;
      top().push({ name: word() });
    } else if (isRegular(byte)) {
      const token = word();
      const number = Number(token);
      if (token !== '' && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(token) && Number.isFinite(number)) {
        top().push(number);
        continue;
      }
      if (token === 'true' || token === 'false' || token === 'null') continue;
      if (token === 'ID') {
        // Inline image data: up to whitespace, EI, whitespace (or the end).
        at++;
        while (at < data.length) {
          if (
            data[at] === 0x45 &&
            data[at + 1] === 0x49 &&
            WHITE.has(data[at - 1]!) &&
            (at + 2 >= data.length || WHITE.has(data[at + 2]!))
          ) {
            at += 2;
            break;
          }
          at++;
        }
        const items = stack.splice(0).flat();
        stack.push([]);
        yield { operator: 'EI', operands: [toDict(items)] };
        if (++count >= maxOperations) return;
        continue;
      }
      stack.length = 1;
      const operands = stack[0]!.splice(0);
      yield { operator: token, operands };
      if (++count >= maxOperations) return;
    } else at++;
  }
}
