// The simulated user of the complete_filing tests: answers each form from what the form says
// (type, choices, description), so the tests follow the form schemas as they change.

export type Property = {
  type: string;
  title?: string;
  description?: string;
  format?: string;
  oneOf?: Array<{ const: string; title: string }>;
  items?: { anyOf: Array<{ const: string; title: string }> };
  default?: unknown;
  minimum?: number;
};
export type Form = {
  message: string;
  requestedSchema: { properties: Record<string, Property>; required?: string[] };
};

/** Answers a person gives to text fields, by the field's last key. */
export const TEXT_ANSWERS: Record<string, string> = {
  taxYearBegin: '2025-01-01',
  taxYearEnd: '2025-12-31',
  dateIncorporation: '2024-03-01',
  dateBusinessStarted: '2024-03-01',
  signatureDate: '2026-03-02',
  ein: '12-3456789',
  tin: '123-45-6789',
  usIdentifyingNumber: '98-7654321',
  businessActivityCode: '541990',
  countryIncorporation: 'United States',
  state: 'NM',
  zip: '87501',
  llcCity: 'Santa Fe, NM 87501',
  city: 'Madrid 28001',
  phone: '415-555-0100',
};

/** What the simulated user answers for one field of a form; `amount` for each sum of money. */
export function answerFor(name: string, property: Property, amount: number): unknown {
  const key = name.split('__').at(-1)!;
  const text = `${property.title ?? ''} ${property.description ?? ''}`;
  // A question for a preparer (Yes, No or "I don't know"): No, as a yes/no question below.
  if (property.oneOf?.some((option) => option.const === 'dont_know')) return 'no';
  if (property.oneOf) return property.oneOf[0]!.const;
  if (property.type === 'array') return [property.items!.anyOf[0]!.const];
  // A yes/no question: No, unless the form says the answer must be Yes.
  if (property.type === 'boolean') return /must be true/.test(text);
  if (property.type === 'number') return 100; // a share in percent: the one partner holds it all
  // The partnership had no deductions: the user leaves page 1's deduction lines blank.
  if (name.startsWith('deductions__')) return undefined;
  if (property.type === 'integer') return amount;
  if (key in TEXT_ANSWERS) return TEXT_ANSWERS[key];
  if (/countr|citizenship/i.test(key)) return 'Spain';
  if (property.format === 'date') return '2025-06-30';
  return `Answer for ${key}`;
}

/**
 * Accepts a form with an answer for every field. A partnership's amounts must agree with each
 * other (Schedule L balances, M-1 line 9 is the analysis' line 1, item F is L line 14), which the
 * same figure on every line cannot: its simulated user answers 0, a partnership with no activity.
 */
export function acceptAll(form: Form, amount = 1000) {
  return {
    action: 'accept',
    content: Object.fromEntries(
      Object.entries(form.requestedSchema.properties)
        .map(([name, property]) => [name, answerFor(name, property, amount)])
        .filter(([, value]) => value !== undefined),
    ),
  };
}

/** Creates a partnership filing with `formData` through the client: its id. */
export async function createPartnership(
  client: { callTool(request: { name: string; arguments: Record<string, unknown> }): Promise<unknown> },
  formData: Record<string, unknown> = {},
): Promise<string> {
  const created = (await client.callTool({
    name: 'create_partnership_filing',
    arguments: { form_data: formData },
  })) as { structuredContent?: unknown };
  return (created.structuredContent as { id: string }).id;
}
