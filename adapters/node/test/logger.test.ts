import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.js';

const DIST = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const at = new Date('2026-01-02T03:04:05.678Z');

describe('createLogger (no database: the logger touches none)', () => {
  it('writes one JSON object per line: time, level, msg, then the fields, undefined fields left out', () => {
    const lines: string[] = [];
    const logger = createLogger({ write: (line) => lines.push(line), now: () => at });
    logger.info('request', { method: 'POST', status: 200, user_id: undefined, aborted: true });
    logger.warn('plain');
    logger.debug('hidden below info');
    expect(lines).toEqual([
      '{"time":"2026-01-02T03:04:05.678Z","level":"info","msg":"request","method":"POST","status":200,"aborted":true}\n',
      '{"time":"2026-01-02T03:04:05.678Z","level":"warn","msg":"plain"}\n',
    ]);
  });

  it('escapes the message and the values, and lets a field named like a fixed key replace it', () => {
    const lines: string[] = [];
    const logger = createLogger({ write: (line) => lines.push(line), now: () => at });
    logger.error('quote " and \n newline', { value: 'a\u0000b' });
    logger.info('x', { msg: 'override' });
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      { time: at.toISOString(), level: 'error', msg: 'quote " and \n newline', value: 'a\u0000b' },
      { time: at.toISOString(), level: 'info', msg: 'override' },
    ]);
    expect(lines.every((line) => line.endsWith('\n') && !line.slice(0, -1).includes('\n'))).toBe(true);
  });

  it('writes exactly the text JSON.stringify would, whatever the values hold', () => {
    const lines: string[] = [];
    const logger = createLogger({ write: (line) => lines.push(line), now: () => at });
    const awkward = [
      'plain',
      '',
      'quote " backslash \\ slash /',
      'controls \u0000\u0001\u001f\t\r\n del \u007f',
      'unicode é 漢字 😀',
      'lone \ud800 surrogate \udc00',
      '</script>',
    ];
    const cases: Array<Record<string, string | number | boolean | null | undefined>> = [
      ...awkward.map((value) => ({ value, [value]: 1 })),
      { n: 0, negativeZero: -0, big: 1e21, small: 5e-7, nan: Number.NaN, inf: Number.POSITIVE_INFINITY },
      { yes: true, no: false, nothing: null, gone: undefined },
    ];
    for (const fields of cases) {
      logger.info('m "1"', fields);
      expect(lines.pop()).toBe(
        `${JSON.stringify({ time: at.toISOString(), level: 'info', msg: 'm "1"', ...fields })}\n`,
      );
    }
  });

  // The default sink gathers a turn's lines into one write; nothing may be lost when the process
  // ends right after logging, by process.exit or by an uncaught exception.
  for (const [how, ending] of [
    ['process.exit()', 'process.exit(0);'],
    ['an uncaught exception', "throw new Error('boom');"],
    ['the end of the event loop', ''],
  ] as const) {
    it(`writes every line of the default sink to stdout, in order, when the process ends by ${how}`, () => {
      const script = `
        import { createLogger } from ${JSON.stringify(DIST)};
        const logger = createLogger();
        for (let i = 0; i < 3000; i++) logger.info('line', { i });
        ${ending}`;
      const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
      const lines = child.stdout.trimEnd().split('\n');
      expect(lines).toHaveLength(3000);
      expect(lines.map((line) => JSON.parse(line).i)).toEqual(Array.from({ length: 3000 }, (_, i) => i));
    });
  }

  it('writes lines of any characters and any length through the default sink, whole and in order', () => {
    // The sink encodes lines into one 64 KiB buffer: multi-byte characters, lines that fill it to
    // the byte, and a line longer than the buffer must all arrive as they were logged.
    const script = `
      import { createLogger } from ${JSON.stringify(DIST)};
      const logger = createLogger();
      const texts = ['unicode é 漢字 😀', 'x'.repeat(21_000), '😀'.repeat(40_000), 'lone \\ud800 end'];
      for (let i = 0; i < 400; i++) logger.info('line', { i, text: texts[i % texts.length] });`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const texts = ['unicode é 漢字 😀', 'x'.repeat(21_000), '😀'.repeat(40_000), 'lone \ud800 end'];
    const lines = child.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(400);
    lines.forEach((line, i) => {
      const parsed = JSON.parse(line);
      expect(parsed.i).toBe(i);
      expect(parsed.text).toBe(texts[i % texts.length]);
    });
  });
});
