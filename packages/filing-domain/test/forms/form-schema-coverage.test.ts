// Every form_data field the packet reads is named in get_form_schema: the packet is
// built from a filing whose every object records the properties read from it.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { EXAMPLE_PARTNERSHIP_FILING, EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import { PacketBuilder } from '@filing-mcp/irs-forms/pdf';
import { describe, expect, it } from 'vitest';
import { formSchemaDescriptor } from '../../src/forms/form-schema-descriptor.js';

const templateDir = `${dirname(createRequire(import.meta.url).resolve('@filing-mcp/irs-forms/templates/f5472.pdf'))}/`;

/** `value` with every property read (or `in` test) through it recorded as a path: `relatedParties[].name`. */
function recording(value: unknown, path: string, reads: Set<string>): unknown {
  if (Array.isArray(value)) {
    return new Proxy(value, {
      get(target, key, receiver) {
        const item = Reflect.get(target, key, receiver);
        return typeof key === 'string' && /^\d+$/.test(key) ? recording(item, `${path}[]`, reads) : item;
      },
    });
  }
  if (value !== null && typeof value === 'object') {
    const at = (key: string) => (path === '' ? key : `${path}.${key}`);
    return new Proxy(value as object, {
      get(target, key, receiver) {
        const item = Reflect.get(target, key, receiver);
        if (typeof key !== 'string') return item;
        reads.add(at(key));
        return recording(item, at(key), reads);
      },
      has(target, key) {
        if (typeof key === 'string') reads.add(at(key));
        return Reflect.has(target, key);
      },
    });
  }
  return value;
}

/**
 * Fields the packet's readiness check (the draft mark) asks about only to report them as
 * misplaced: a top-level `transactions` belongs to each related party.
 */
const MISPLACED_FIELD_GUARDS = ['transactions'];

/**
 * Fields the server sets while it draws the packet, never a caller (a stored value is dropped):
 * `form7004Paid`, a paid extension's Form 7004 (storage/packet-source.ts).
 */
const SERVER_SET_FIELDS = ['form7004Paid'];

/** The fields the packet of `formData` reads. */
async function fieldsRead(
  formData: Record<string, unknown>,
  kind: '5472' | 'partnership' = '5472',
): Promise<Set<string>> {
  const reads = new Set<string>();
  const builder = new PacketBuilder({ loadTemplate: (name) => readFileSync(templateDir + name) });
  await builder.build(kind, recording(formData, '', reads) as Record<string, unknown>, {
    asOf: '2026-03-01',
  });
  for (const field of [...MISPLACED_FIELD_GUARDS, ...SERVER_SET_FIELDS]) reads.delete(field);
  return reads;
}

describe('the single-member packet reads only fields the schema names', () => {
  const named = new Set(Object.keys(formSchemaDescriptor('5472').fields));

  it('every field read building the complete example packet is in get_form_schema', async () => {
    const filing = {
      ...EXAMPLE_SINGLE_MEMBER_FILING,
      relatedParties: EXAMPLE_SINGLE_MEMBER_FILING.relatedParties.map((party) => ({
        ...party,
        nonmonetaryTransactions: true,
        nonmonetaryStatement: 'Use of office space at no charge.',
        estimatesUsed: true,
      })),
      partVII: { ...EXAMPLE_SINGLE_MEMBER_FILING.partVII, line40a: true, line40b: 10 },
    };
    const reads = await fieldsRead(filing);
    // The packet reads the parts of Part III, IV/V, VI and VII and the signature block.
    for (const field of ['relatedParties[].transactions[].amount', 'partVII.line37', 'signerName']) {
      expect(reads).toContain(field);
    }
    expect([...reads].filter((field) => !named.has(field))).toEqual([]);
  });

  it('fails for a field the packet reads that the schema does not name', async () => {
    const reads = await fieldsRead({ ...EXAMPLE_SINGLE_MEMBER_FILING });
    reads.add('relatedParties[].citizenship');
    expect([...reads].filter((field) => !named.has(field))).toEqual(['relatedParties[].citizenship']);
  });
});

describe('the partnership packet reads only fields the schema names', () => {
  const named = new Set(Object.keys(formSchemaDescriptor('partnership').fields));

  it('every field read building the example with its schedules, an entity PR and a late return is in get_form_schema', async () => {
    const filing = structuredClone(EXAMPLE_PARTNERSHIP_FILING) as unknown as Record<string, any>;
    filing.partnershipRepresentative = {
      entityName: 'Harbor Tax Services Inc',
      street: '1 Market Street',
      city: 'Wilmington',
      state: 'DE',
      zip: '19801',
      phone: '302-555-0100',
      tin: '12-3456789',
      designatedIndividual: { firstName: 'Riley', lastName: 'Chen', street: '1 Market Street' },
    };
    filing.scheduleM1 = { ...filing.scheduleM1, line2Description: 'None', line6Description: 'None' };
    filing.form7004FiledDate = '2026-03-10';
    const reads = await fieldsRead(filing, 'partnership');
    for (const field of [
      'scheduleL.end.line1',
      'scheduleM1.line1',
      'scheduleM2.line6a',
      'partnershipRepresentative.designatedIndividual.firstName',
      'partners[].analysisType',
      'deductions.line21',
      'scheduleB.line33',
    ]) {
      expect(reads).toContain(field);
    }
    expect([...reads].filter((field) => !named.has(field))).toEqual([]);
  });

  it('names each 2025 line and question by its label', () => {
    const fields = formSchemaDescriptor('partnership').fields;
    expect(fields['deductions.line20']).toContain('Energy efficient commercial buildings deduction');
    expect(fields['deductions.line21']).toContain('Other deductions');
    expect(fields['income.line1a']).toContain('Gross receipts or sales');
    expect(fields['scheduleK.line13a']).toContain('Cash contributions');
    expect(fields['scheduleK.line19a']).toContain('Distributions of cash and marketable securities');
    expect(fields['scheduleB.line4']).toContain('total receipts under $250,000');
    expect(fields['scheduleB.line33']).toContain('section 6221(b)');
    expect(fields['scheduleL.end.line9b']).toContain('Less accumulated depreciation');
    expect(fields['scheduleM2.line6a']).toContain('Distributions, cash');
    expect(fields['partnershipRepresentative.phone']).toContain('U.S. phone number');
  });
});
