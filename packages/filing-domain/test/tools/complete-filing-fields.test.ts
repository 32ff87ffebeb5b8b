import { checkFilingReadiness, EXAMPLE_PARTNERSHIP_FILING } from '@filing-mcp/irs-forms';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { partnershipFormSchemas } from '../../src/forms/partnership-form.js';
import { wholeDollars } from '../../src/forms/form-fields.js';
import { nothingToAsk } from '../../src/tools/complete-filing-answer.js';
import { patchOf } from '../../src/tools/complete-filing-store.js';
import { schemaAt } from '../../src/tools/elicitation-fields.js';
import { askableFields, nextRound, requestedSchema } from '../../src/tools/elicitation-form.js';
import { FIRST_ROUND, roundKey, stateOfKey } from '../../src/tools/elicitation-round.js';

// How complete_filing reads a field from any form_data schema, builds the change an answer makes,
// and carries its rounds. No database: these are the generic parts the SDK tests rely on.

/** A schema shaped as the forms may become: Part VII per related party, line 8e as several boxes. */
const futureSchema = z.looseObject({
  totalAssets: wholeDollars('20000').optional().describe('Total assets, whole USD.'),
  relatedParties: z
    .array(
      z.looseObject({
        id: z.string().optional(),
        name: z.string().describe('8a name.'),
        relationship: z
          .union([z.array(z.enum(['related_to_reporting_corporation', 'foreign_shareholder'])), z.string()])
          .optional()
          .describe('8e: every box that applies.'),
        partVII: z
          .object({ line42a: z.boolean().optional().describe('42a: Did the related party lend?') })
          .optional(),
      }),
    )
    .optional(),
});

describe('complete_filing reads fields from the schema, at any depth', () => {
  it('a yes/no line of a related party’s own Part VII is a boolean with its question', () => {
    expect(schemaAt(futureSchema, ['relatedParties', 1, 'partVII', 'line42a'])).toMatchObject({
      primitive: { type: 'boolean' },
      description: '42a: Did the related party lend?',
    });
  });

  it('a list of boxes is a multi-select with titles; money is an integer from 0, never text', () => {
    const boxes = schemaAt(futureSchema, ['relatedParties', 0, 'relationship'])!.primitive!;
    expect(boxes).toEqual({
      type: 'array',
      choices: [
        { value: 'related_to_reporting_corporation', title: 'Related to reporting corporation' },
        { value: 'foreign_shareholder', title: 'Foreign shareholder' },
      ],
    });
    expect(schemaAt(futureSchema, ['totalAssets'])!.primitive).toEqual({ type: 'integer', minimum: 0 });
    const form = requestedSchema([
      {
        path: ['relatedParties', 0, 'relationship'],
        field: 'relatedParties[0].relationship',
        name: 'relatedParties__0__relationship',
        title: 'Form 5472, line 8e (related party 1)',
        description: '8e: every box that applies.',
        primitive: boxes,
        required: true,
        default: ['foreign_shareholder'],
      },
    ]);
    expect(form).toEqual({
      type: 'object',
      properties: {
        relatedParties__0__relationship: {
          type: 'array',
          title: 'Form 5472, line 8e (related party 1)',
          description: '8e: every box that applies.',
          items: {
            anyOf: [
              { const: 'related_to_reporting_corporation', title: 'Related to reporting corporation' },
              { const: 'foreign_shareholder', title: 'Foreign shareholder' },
            ],
          },
          minItems: 1,
          default: ['foreign_shareholder'],
        },
      },
      required: ['relatedParties__0__relationship'],
    });
  });

  it('Schedule B and K keys, typed only per key, are asked as the type each key takes', () => {
    const schema = partnershipFormSchemas().partnershipFormDataSchema;
    expect(schemaAt(schema, ['scheduleB', 'line2a'])!.primitive).toEqual({ type: 'boolean' });
    expect(
      schemaAt(schema, ['scheduleB', 'line1'])!.primitive!.choices!.map((choice) => choice.value),
    ).toContain('Domestic limited liability company');
    expect(schemaAt(schema, ['scheduleK', 'line1'])!.primitive).toEqual({ type: 'integer' });
    expect(schemaAt(schema, ['scheduleK', 'line11Type'])!.primitive).toEqual({ type: 'string' });
    expect(schemaAt(schema, ['partners', 0, 'shares', 'profitEnding'])!.primitive).toEqual({
      type: 'number',
    });
    expect(schemaAt(schema, ['scheduleB', 'noSuchLine'])).toBeUndefined();
  });

  it('shares that do not add up to 100% ask every partner’s share at once, each with its stored value', () => {
    const filing = structuredClone(EXAMPLE_PARTNERSHIP_FILING) as Record<string, any>;
    filing.partners[2].shares.profitEnding = 20;
    const readiness = checkFilingReadiness('partnership', filing);
    const { asked } = askableFields('partnership', readiness, filing);
    const round = nextRound(asked);
    expect(round.map((field) => [field.field, field.default])).toEqual([
      ['partners[0].shares.profitEnding', 40],
      ['partners[1].shares.profitEnding', 35],
      ['partners[2].shares.profitEnding', 20],
    ]);
    expect(round[0]!.description).toMatch(/\. Ending profit shares add up to 95%, not 100%\.$/);
  });

  it('a Schedule L column that does not balance asks its lines with the reason, those not given first', () => {
    const filing = structuredClone(EXAMPLE_PARTNERSHIP_FILING) as Record<string, any>;
    // The first form of the missing column asked its first 16 lines (assets to 12a); only they were answered.
    const first16 = ['line1', 'line2a', 'line2b', 'line3', 'line4', 'line5', 'line6', 'line7a', 'line7b'];
    first16.push('line8', 'line9a', 'line9b', 'line10a', 'line10b', 'line11', 'line12a');
    filing.scheduleL.beginning = Object.fromEntries(
      first16.map((line) => [line, line === 'line1' ? 5000 : 0]),
    );
    const readiness = checkFilingReadiness('partnership', filing, undefined, '2026-12-01');
    expect(readiness.invalid).toContainEqual({
      field: 'scheduleL.beginning',
      message: expect.stringContaining('does not balance'),
    });
    const { asked, unaskable } = askableFields('partnership', readiness, filing);
    expect(unaskable).not.toContain('scheduleL.beginning');
    const lines = asked.filter((field) => field.group === 'scheduleL.beginning');
    expect(lines.length).toBeLessThanOrEqual(16);
    expect(lines.map((field) => field.field)).toContain('scheduleL.beginning.line21');
    // Lines 12b, 13 and 15-21, never asked, come first; then lines already given, with their values.
    expect(lines[0]!.field).toBe('scheduleL.beginning.line12b');
    expect(lines.find((field) => field.field === 'scheduleL.beginning.line1')?.default).toBe(5000);
    expect(lines[0]!.description).toContain('does not balance');
  });
});

describe('an answer becomes a change at its path', () => {
  it('sets a line of a related party’s own Part VII, keeping the party and its id', () => {
    const stored = { relatedParties: [{ id: 'p1', name: 'Ana' }], llcName: 'Kept LLC' };
    const { patch, refused } = patchOf('5472', stored, [
      { path: ['relatedParties', 0, 'partVII', 'line42a'], value: true },
      { path: ['relatedParties', 0, 'relationship'], value: ['foreign_shareholder'] },
    ]);
    expect(refused).toEqual([]);
    expect(patch).toEqual({
      relatedParties: [
        { id: 'p1', name: 'Ana', partVII: { line42a: true }, relationship: ['foreign_shareholder'] },
      ],
    });
    expect(stored.relatedParties[0]).toEqual({ id: 'p1', name: 'Ana' });
  });

  it('makes a new item (with an id) and a first transaction; refuses an index past the end', () => {
    const { patch, refused } = patchOf('5472', {}, [
      { path: ['relatedParties', 0, 'transactions', 0, 'kind'], value: 'rents_paid' },
      { path: ['relatedParties', 0, 'transactions', 0, 'amount'], value: 1000 },
      { path: ['relatedParties', 2, 'name'], value: 'Too far' },
    ]);
    expect(patch.relatedParties).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        transactions: [{ id: expect.any(String), kind: 'rents_paid', amount: 1000 }],
      },
    ]);
    expect(refused).toEqual([
      { field: 'relatedParties[2].name', message: 'does not fit the filing as it is now' },
    ]);
  });
});

describe('the rounds travel in the input request key', () => {
  it('round-trips, and a key that does not read (forged, cut, too long) starts over', () => {
    const state = {
      round: 3,
      stalls: 1,
      fingerprint: 'abc',
      stored: ['llcName', 'partVII.line37'],
      whole: 'income',
    };
    expect(stateOfKey(roundKey(state))).toEqual(state);
    expect(stateOfKey('filing_form')).toEqual(FIRST_ROUND);
    expect(stateOfKey('filing_form.not-base64-json')).toEqual(FIRST_ROUND);
    expect(stateOfKey(roundKey(state).slice(0, 20))).toEqual(FIRST_ROUND);
    expect(stateOfKey(`filing_form.${'A'.repeat(20_000)}`)).toEqual(FIRST_ROUND);
    // A long history keeps its counts: the oldest stored fields give way.
    const many = Array.from(
      { length: 600 },
      (_, index) => `relatedParties[${index % 50}].transactions[${index}].amount`,
    );
    const long = stateOfKey(roundKey({ ...state, stored: many }));
    expect(long).toMatchObject({ round: 3, stalls: 1, fingerprint: 'abc', whole: 'income' });
    expect(long.stored.length).toBeGreaterThan(100);
    expect(long.stored.at(-1)).toBe(many.at(-1));
    // Values of the wrong type are dropped, not trusted.
    const forged = `filing_form.${Buffer.from(JSON.stringify({ r: -1, s: 'many', st: [1, 'ein'] })).toString('base64url')}`;
    expect(stateOfKey(forged)).toEqual({ ...FIRST_ROUND, stored: ['ein'] });
  });
});

describe('when nothing is left to ask', () => {
  const check = { ready: false, missing: [], invalid: [] };
  it('forms to prepare elsewhere end prepare_elsewhere; anything missing or invalid ends incomplete', () => {
    const elsewhere = [{ form: '8804', reason: 'not produced here', source: 'Form 8804 instructions' }];
    expect(nothingToAsk('partnership', { ...check, prepare_elsewhere: elsewhere } as never, [])).toEqual({
      outcome: 'prepare_elsewhere',
      message:
        'A paid preparer must prepare 8804. Nothing else is left to ask the user; until then the packet is not the whole return and is not ready to file.',
    });
    const left = {
      ...check,
      prepare_elsewhere: elsewhere,
      invalid: [{ field: 'transactions', message: 'is not read' }],
    };
    expect(nothingToAsk('5472', left as never, ['transactions'])).toMatchObject({ outcome: 'incomplete' });
    expect(nothingToAsk('5472', check, ['transactions']).message).toBe(
      'What is left cannot be asked in a form (transactions): ask the user and send it with update_filing, as get_form_schema describes.',
    );
  });
});
