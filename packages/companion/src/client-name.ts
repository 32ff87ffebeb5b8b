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
 * client's own word. The weaker words are matched as whole words of the name's NFKC form,
 * ignoring case (so full-width and styled letters count too); the claims proper are matched on
 * its skeleton (see {@link skeletonOf}), so that no spelling dodges them.
 */
const VERIFICATION_WORDS =
  /\b(verified|verify|verification|official|officially|certified|authenticated|authentic|trusted|genuine|approved|endorsed)\b/iu;

/**
 * "Verified" and "official" in the languages the consent page is likely read in (English, French,
 * Spanish, Portuguese, German, Italian, Dutch, Russian, Japanese, Chinese, Korean), found anywhere
 * in the skeleton: `VerifiedApp`, `Claude_Verified`, `V.e.r.i.f.i.e.d` and `Vérifié` all count.
 * French `vérifie` is not followed by `r`, so an English "Verifier" (a PKCE tool) stays unwarned.
 */
const CLAIM_WORDS: ReadonlyArray<readonly [word: string, notBefore?: string]> = [
  ['verified'],
  ['verification'],
  ['verify'],
  ['official'],
  ['certified'],
  ['vérifié', 'r'],
  ['officiel'],
  ['certifié', 'r'],
  ['authentifié', 'r'],
  ['verificado'],
  ['verificada'],
  ['oficial'],
  ['certificado'],
  ['autenticado'],
  ['verifiziert'],
  ['offiziell'],
  ['zertifiziert'],
  ['geprüft'],
  ['verificato'],
  ['verificata'],
  ['ufficiale'],
  ['certificato'],
  ['geverifieerd'],
  ['officieel'],
  ['официальн'],
  ['верифицирован'],
  ['проверен'],
  ['公式'],
  ['公認'],
  ['認証'],
  ['認定'],
  ['官方'],
  ['认证'],
  ['認證'],
  ['验证'],
  ['驗證'],
  ['공식'],
  ['인증'],
];

/** Check marks and tick-like symbols (√ and the cube and fourth roots that look like it included). */
const CHECK_MARKS =
  /[\u221a\u221b\u221c\u2611\u2713\u2714\u2705\u{1F5F8}\u{1F5F9}\u{1F197}\u{2BBD}\u{10102}]/u;

/**
 * Characters that show nothing (or only join or vary their neighbours) beyond {@link HIDDEN}: the
 * soft hyphen, the combining grapheme joiner, the Mongolian vowel separator, invisible operators,
 * Hangul fillers, variation selectors and tag characters.
 */
const INVISIBLE: ReadonlyArray<readonly [number, number]> = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x115f, 0x1160],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xe0000, 0xe007f],
  [0xe0100, 0xe01ef],
];

/** `text` without the code points of {@link INVISIBLE} (a table: some of them are combining marks). */
function withoutInvisible(text: string): string {
  let out = '';
  for (const char of text) {
    const point = char.codePointAt(0) ?? 0;
    if (!INVISIBLE.some(([first, last]) => point >= first && point <= last)) out += char;
  }
  return out;
}

const COMBINING = /\p{M}/gu;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** One character's part of the skeleton: NFKC, case folded, no marks; only letters and digits. */
function foldedOf(character: string): string {
  let folded = '';
  const plain = character
    .normalize('NFKC')
    .toUpperCase()
    .toLowerCase()
    .normalize('NFD')
    .replace(COMBINING, '');
  for (const unit of plain) if (LETTER_OR_DIGIT.test(unit)) folded += unit === 'ı' ? 'i' : unit;
  return folded;
}

/**
 * What a name reads as, letter by letter: NFKC, case folded, without invisible characters,
 * combining marks, separators or punctuation. `at[i]` is the index in `text` of the character
 * skeleton position `i` comes from.
 */
function skeletonOf(text: string): { skeleton: string; at: number[] } {
  let skeleton = '';
  const at: number[] = [];
  let index = 0;
  for (const character of text) {
    const folded = foldedOf(character);
    skeleton += folded;
    for (let unit = 0; unit < folded.length; unit++) at.push(index);
    index += character.length;
  }
  return { skeleton, at };
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const CLAIM_PATTERN = new RegExp(
  CLAIM_WORDS.map(([word, notBefore]) => ({ word: skeletonOf(word).skeleton, notBefore }))
    .sort((a, b) => b.word.length - a.word.length)
    .map(
      ({ word, notBefore }) => escaped(word) + (notBefore === undefined ? '' : `(?!${escaped(notBefore)})`),
    )
    .join('|'),
  'u',
);

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

/** The word or mark by which `text` claims to be verified or official, if any, as the name spells it. */
function verificationClaim(text: string): string | undefined {
  const normalized = text.normalize('NFKC');
  const mark = CHECK_MARKS.exec(normalized)?.[0] ?? VERIFICATION_WORDS.exec(normalized)?.[0];
  if (mark !== undefined) return mark;
  const { skeleton, at } = skeletonOf(normalized);
  const found = CLAIM_PATTERN.exec(skeleton);
  if (found === null) return undefined;
  const last = at[found.index + found[0].length - 1]!;
  const end = last + (normalized.codePointAt(last)! > 0xffff ? 2 : 1);
  return withoutInvisible(normalized.slice(at[found.index], end));
}
