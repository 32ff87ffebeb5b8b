import type { FiledReturn } from './submission-store.js';

/**
 * check_filing's and get_filing's `filed`: the record with the proof to keep and its source (the
 * rules table of irs-forms, loaded here on first use like every form rule).
 */
export async function filedAnswer(filed: FiledReturn): Promise<{
  method: FiledReturn['method'];
  date: string;
  reference: string | null;
  proof: string;
  source: string;
}> {
  const { filingProof } = await import('@filing-mcp/irs-forms');
  const { keep, source } = filingProof(filed.method);
  return { method: filed.method, date: filed.date, reference: filed.reference, proof: keep, source };
}
