/**
 * Characters a client name loses before it is shown: C0/C1 controls; the bidi embeddings,
 * overrides and isolates (U+202A-202E, U+2066-2069) and marks (U+200E, U+200F, U+061C), which can
 * make a name read backwards or hide part of it; and the zero-width characters (U+200B-200D,
 * U+2060, U+FEFF), which make two names that look alike compare different.
 */
const HIDDEN = /[\p{Cc}\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/gu;

/** Scripts a name's letters are told apart by; a letter in none of them counts as "other". */
const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Georgian',
  'Cherokee',
  'Arabic',
  'Hebrew',
  'Devanagari',
  'Thai',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
  'Bopomofo',
] as const;
const SCRIPT_PATTERNS = SCRIPTS.map((script) => [script, new RegExp(`\\p{Script=${script}}`, 'u')] as const);

/** Scripts written together in one name by Chinese, Japanese and Korean (UTS #39's "highly restrictive"). */
const EAST_ASIAN = new Set<string>(['Latin', 'Han', 'Hiragana', 'Katakana', 'Hangul', 'Bopomofo']);

const SHARED = /[\p{Script=Common}\p{Script=Inherited}]/u;

/**
 * Words and marks by which a name claims a standing no client can have here: this server checks
 * no application's identity, so "Verified", "Official" or a check mark in a name is only the
 * client's own word. Matched on the name's NFKC form, ignoring case (so full-width and styled
 * letters count too).
 */
const VERIFICATION_WORDS =
  /\b(verified|verify|verification|official|officially|certified|authenticated|authentic|trusted|genuine|approved|endorsed)\b/iu;
const CHECK_MARKS = /[\u2611\u2713\u2714\u2705\u{1F5F8}\u{1F5F9}\u{1F197}\u{2BBD}]/u;

/** A client name as the consent page shows it. */
export interface DisplayedClientName {
  /** The name without hidden characters, its whitespace runs as single spaces. */
  text: string;
  /** The scripts of its letters when they mix (e.g. `['Latin', 'Cyrillic']`), else empty. */
  mixedScripts: string[];
  /** What in the name claims verification (`Verified`, `✔` ...), or undefined when nothing does. */
  verificationClaim: string | undefined;
}

function scriptOf(letter: string): string {
  return SCRIPT_PATTERNS.find(([, pattern]) => pattern.test(letter))?.[0] ?? 'other';
}

/**
 * The name a client gave itself, made safe to show a person deciding whether to trust it: hidden
 * characters removed, and a mix of scripts (Latin with Cyrillic or Greek look-alikes: "Аpple")
 * reported, so that the page can warn. `undefined` when nothing visible is left.
 */
export function displayClientName(raw: string | null | undefined): DisplayedClientName | undefined {
  const text = (raw ?? '').replace(HIDDEN, '').replace(/\s+/gu, ' ').trim();
  if (text === '') return undefined;
  const scripts = new Set<string>();
  // Letters shared by scripts (the Japanese length mark ー is Common) say nothing of a mix.
  for (const letter of text.match(/\p{L}/gu) ?? []) {
    if (!SHARED.test(letter)) scripts.add(scriptOf(letter));
  }
  const mixed = scripts.size > 1 && ![...scripts].every((script) => EAST_ASIAN.has(script));
  return { text, mixedScripts: mixed ? [...scripts] : [], verificationClaim: verificationClaim(text) };
}

/** The word or mark by which `text` claims to be verified or official, if any. */
function verificationClaim(text: string): string | undefined {
  const normalized = text.normalize('NFKC');
  return CHECK_MARKS.exec(normalized)?.[0] ?? VERIFICATION_WORDS.exec(normalized)?.[0];
}
