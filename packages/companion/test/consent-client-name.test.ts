import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayClientName } from '../src/client-name.js';
import { type CompanionHarness, startCompanionHarness } from './companion-harness.js';

let harness: CompanionHarness;

beforeAll(async () => {
  harness = await startCompanionHarness();
});

afterAll(async () => {
  await harness?.close();
});

/** The consent page of a client registered under `clientName`, as the browser receives it. */
async function consentPageOf(clientName: string): Promise<string> {
  const redirectUri = 'http://127.0.0.1:9/callback';
  const clientId = await harness.registerClient([redirectUri], clientName);
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    state: 'state-1',
    code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
    code_challenge_method: 'S256',
    scope: 'mcp',
  });
  const response = await fetch(`${harness.appUrl}/oauth/authorize?${query}`);
  expect(response.status).toBe(200);
  return response.text();
}

// Line breaks and tabs belong to the page's own markup.
const HIDDEN = /(?![\t\n\r])\p{Cc}|[\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/u;

describe('client names on the consent page (PGlite only: the name is rendered from the registration, and companion.test.ts checks the storage on both databases)', () => {
  it('strips bidi overrides, isolates and marks, zero-width and control characters from the name', async () => {
    // Reads "Acme Tools" once U+202E's reversal is undone by the page: "sloT emcA" reversed.
    const name = '\u202eAc\u200bme\u2060 \ufeffTo\u200dols\u2066\u2069\u200e\u0007\u009b';
    const page = await consentPageOf(name);
    expect(page).toContain('<h1>Allow Acme Tools to use your filings?</h1>');
    expect(page).toContain('<dd><bdi>Acme Tools</bdi> <small class="muted">(name given by the client;');
    expect(page).not.toMatch(HIDDEN);
    expect(page).not.toContain('role="alert">This name mixes');
  });

  it('marks the name as given by the client', async () => {
    const page = await consentPageOf('Plain Client');
    expect(page).toContain(
      '<bdi>Plain Client</bdi> <small class="muted">(name given by the client; client ID',
    );
  });

  it('flags a name that mixes Latin and Cyrillic letters (a homoglyph of "Apple")', async () => {
    const page = await consentPageOf('\u0410pple Assistant');
    expect(page).toContain(
      `<strong class="error" role="alert">This name mixes Cyrillic and Latin letters, which can imitate another application's name.</strong>`,
    );
  });

  it('flags a name that claims verification ("Claude ✔ Verified by Anthropic")', async () => {
    const page = await consentPageOf('Claude \u2714 Verified by Anthropic');
    expect(page).toContain('<bdi>Claude \u2714 Verified by Anthropic</bdi>');
    expect(page).toContain(
      '<strong class="error" role="alert">This name claims to be verified or official (“\u2714”). This server verifies no application: the name is whatever the client chose.</strong>',
    );
    const plain = await consentPageOf('Plain Client');
    expect(plain).not.toContain('claims to be verified');
  });

  it('shows a name of hidden characters only as an unnamed application', async () => {
    const page = await consentPageOf('\u202e\u200b\u2066');
    expect(page).toContain('<h1>Allow An unnamed application to use your filings?</h1>');
  });
});

describe('displayClientName', () => {
  it('lets one script, and Latin with Chinese, Japanese or Korean, pass unflagged', () => {
    for (const name of [
      'Claude Desktop',
      'Клиент',
      'Ελληνικά',
      '東京ツール',
      'Tokyo 東京ツール',
      '서울 App',
      'José Núñez 2',
    ]) {
      expect(displayClientName(name)?.mixedScripts).toEqual([]);
    }
  });

  it('flags Latin with Greek or Cyrillic', () => {
    expect(displayClientName('Pay\u03a1al')?.mixedScripts).toEqual(['Latin', 'Greek']);
    expect(displayClientName('G\u043eogle')?.mixedScripts).toEqual(['Latin', 'Cyrillic']);
  });
});

describe('verification claims in client names', () => {
  it.each([
    ['Claude \u2714 Verified by Anthropic', '\u2714'],
    ['Acme Official Connector', 'Official'],
    ['acme (verified)', 'verified'],
    ['\u2713 Acme', '\u2713'],
    ['\u2611 Acme', '\u2611'],
    ['Acme \u2705', '\u2705'],
    ['\uff36\uff45\uff52\uff49\uff46\uff49\uff45\uff44 Acme', 'Verified'],
    ['Certified Tax Tool', 'Certified'],
  ])('%s claims %s', (name, claim) => {
    expect(displayClientName(name)?.verificationClaim).toBe(claim);
  });

  it.each(['Acme Tools', 'Officeworks Sync', 'Trust Ledger', 'Claude'])('%s claims nothing', (name) => {
    expect(displayClientName(name)?.verificationClaim).toBeUndefined();
  });
});

// Each name that once dodged the warning, and ordinary names in several scripts that
// must not be warned (an unwarranted warning teaches people to ignore it).
describe('verification claims that try to dodge the warning', () => {
  it.each([
    ['Claude (Verified)', 'Verified'],
    ['Claude \u2714', '\u2714'],
    ['Claude \u2714\ufe0f', '\u2714'],
    ['\uff36\uff45\uff52\uff49\uff46\uff49\uff45\uff44', 'Verified'],
    ['Veri\ufb01ed Claude', 'Verified'],
    ['VerifiedApp', 'Verified'],
    ['Claude_Verified', 'Verified'],
    ['Verified2 Claude', 'Verified'],
    ['Veri\u00adfied Claude', 'Verified'],
    ['Veri\u034ffied Claude', 'Verified'],
    ['Veri\ufe0ffied Claude', 'Verified'],
    ['Veri\u200cfi\u200ded', 'Verified'],
    ['\u221a Claude', '\u221a'],
    ['V.e.r.i.f.i.e.d', 'V.e.r.i.f.i.e.d'],
    ['V e r i f i e d Claude', 'V e r i f i e d'],
    ['Ve\u0301rified', 'V\u00e9rified'],
    ['Vérifié', 'Vérifié'],
    ['Application officielle', 'officiel'],
    ['Verificado', 'Verificado'],
    ['App Oficial', 'Oficial'],
    ['Offiziell', 'Offiziell'],
    ['Verifiziert Tool', 'Verifiziert'],
    ['Verificato', 'Verificato'],
    ['App ufficiale', 'ufficiale'],
    ['Официальный клиент', 'Официальн'],
    ['公式アプリ', '公式'],
    ['認証済みクライアント', '認証'],
    ['官方助手', '官方'],
    ['공식 앱', '공식'],
    ['CLAUDE_OFFICIAL', 'OFFICIAL'],
  ])('%s is warned (claims %s)', (name, claim) => {
    expect(displayClientName(name)?.verificationClaim).toBe(claim);
  });

  it.each([
    'Claude',
    'Cursor',
    'Zed',
    'Визуал',
    '日本語アプリ',
    'Veri Fast',
    'Token Verifier',
    'Visual Studio Code',
    'Beneficial Assistant',
    'Artificial Agent',
    'Código Abierto',
    'Über Steuer',
    'Ελληνικός Βοηθός',
    'مساعد الضرائب',
    '한국어 도우미',
    '税务助手',
    'Mañana Tax',
    'Officeworks Sync',
  ])('%s is not warned', (name) => {
    expect(displayClientName(name)?.verificationClaim).toBeUndefined();
  });

  it('shows the warning of a dodging name above the Approve button', async () => {
    const page = await consentPageOf('Claude_Verified');
    const warning = page.indexOf('This name claims to be verified or official (“Verified”).');
    expect(warning).toBeGreaterThan(0);
    expect(warning).toBeLessThan(page.indexOf('value="approve">Approve</button>'));
  });
});
