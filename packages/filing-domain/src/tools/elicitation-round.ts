import type { HandlerContext } from '@filing-mcp/protocol';
import type { FilingCheck } from './elicitation-form.js';
import { FNV_OFFSET, fnvFold } from '../fnv-hash.js';

// What complete_filing carries from one round to the next. The server keeps nothing between
// rounds (any instance serves the retry): the round's bookkeeping travels in the key of its one
// input request, which the client sends back with the answer. The client can read and change it,
// and nothing in it is trusted for more than the client's own report: a forged count only makes
// the client's own loop longer or shorter, and what it says was stored is only reported for
// fields that hold a value in the filing now.

/** The prefix of complete_filing's input request key (`filing_form` or `filing_form.<round>`). */
export const ELICITATION_KEY = 'filing_form';

const MAX_KEY_LENGTH = 16_384;
const MAX_STORED = 500;
const MAX_OPEN = 600;

/** The bookkeeping of the rounds so far. */
export interface RoundState {
  /** Forms shown so far. */
  round: number;
  /** Rounds in a row that brought the filing no closer to ready. */
  stalls: number;
  /** {@link fingerprintOf} the check when the last form was shown. */
  fingerprint: string;
  /** The fields the earlier rounds stored, in check_filing's spelling. */
  stored: string[];
  /** The objects of lines the last form asked whole (`income`), comma-separated, or ''. */
  whole: string;
  /** The count of answers still needed the last form showed (absent before the first). */
  left?: number;
  /** {@link fieldHash} of each field still to ask when the last form was shown. */
  open?: string[];
}

export const FIRST_ROUND: RoundState = Object.freeze({
  round: 0,
  stalls: 0,
  fingerprint: '',
  stored: [],
  whole: '',
}) as RoundState;

/** A short hash of one field's name (FNV-1a, 32 bits, base 36), for {@link RoundState.open}. */
export function fieldHash(name: string): string {
  return fnvFold(FNV_OFFSET, name).toString(36);
}

/** A short, stable hash (FNV-1a, 32 bits) of strings, order-independent. */
export function fingerprintOf(values: readonly string[]): string {
  let hash = FNV_OFFSET;
  for (const value of [...values].sort()) {
    hash = fnvFold(hash, value);
    hash = Math.imul(hash ^ 0x1f, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** The fingerprint of what a check finds missing or invalid. */
export function checkFingerprint(readiness: FilingCheck): string {
  return fingerprintOf([
    ...readiness.missing.map((entry) => `m:${entry.field}`),
    ...readiness.invalid.map((entry) => `i:${entry.field}:${entry.message}`),
  ]);
}

function toBase64url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64url(text: string): string {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(
    Uint8Array.from(binary, (char) => char.charCodeAt(0)),
  );
}

/** The input request key that carries `state`. */
export function roundKey(state: RoundState): string {
  // The oldest stored fields give way first, so the key always reads back with its counts.
  for (let stored = state.stored.slice(-MAX_STORED); ; stored = stored.slice(Math.ceil(stored.length / 4))) {
    const packed = {
      r: state.round,
      s: state.stalls,
      f: state.fingerprint,
      st: stored,
      w: state.whole,
      l: state.left,
      o: state.open?.slice(0, MAX_OPEN),
    };
    const key = `${ELICITATION_KEY}.${toBase64url(JSON.stringify(packed))}`;
    if (key.length <= MAX_KEY_LENGTH || stored.length === 0) return key;
  }
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value < 10_000;

/** The state a key carries; the first round's for a key without one or one that does not read. */
export function stateOfKey(key: string): RoundState {
  if (!key.startsWith(`${ELICITATION_KEY}.`) || key.length > MAX_KEY_LENGTH) return FIRST_ROUND;
  try {
    const packed = JSON.parse(fromBase64url(key.slice(ELICITATION_KEY.length + 1))) as Record<
      string,
      unknown
    >;
    const stored = Array.isArray(packed.st)
      ? packed.st.filter((field): field is string => typeof field === 'string' && field.length <= 300)
      : [];
    return {
      round: isCount(packed.r) ? packed.r : 0,
      stalls: isCount(packed.s) ? packed.s : 0,
      fingerprint: typeof packed.f === 'string' ? packed.f.slice(0, 32) : '',
      stored: [...new Set(stored)].slice(0, MAX_STORED),
      whole: typeof packed.w === 'string' ? packed.w.slice(0, 2000) : '',
      ...(isCount(packed.l) && { left: packed.l }),
      ...(Array.isArray(packed.o) && {
        open: packed.o
          .filter((hash): hash is string => typeof hash === 'string' && hash.length <= 8)
          .slice(0, MAX_OPEN),
      }),
    };
  } catch {
    return FIRST_ROUND;
  }
}

/** The user's answer to the previous round's form. */
export type RoundAnswer =
  | { action: 'accept'; content: Record<string, unknown>; state: RoundState }
  | { action: 'decline' | 'cancel'; state: RoundState };

/** The user's answer to the previous round's form, when this call is its retry. */
export function readAnswer(context: HandlerContext): RoundAnswer | undefined {
  const responses = context.inputResponses ?? {};
  const key = Object.keys(responses).find(
    (name) => name === ELICITATION_KEY || name.startsWith(`${ELICITATION_KEY}.`),
  );
  if (key === undefined) return undefined;
  const response = responses[key] as { action?: unknown; content?: unknown };
  const state = stateOfKey(key);
  if (response.action === 'decline' || response.action === 'cancel')
    return { action: response.action, state };
  if (response.action !== 'accept') return undefined;
  const content = response.content;
  return {
    action: 'accept',
    state,
    content:
      typeof content === 'object' && content !== null && !Array.isArray(content)
        ? (content as Record<string, unknown>)
        : {},
  };
}
