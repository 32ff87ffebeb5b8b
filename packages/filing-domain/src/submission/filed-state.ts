import type { LoadIrsForms } from '../loading/load-irs-forms.js';
import type { FiledHistoryEntry, FiledReturn } from './submission-store.js';

/**
 * check_filing's and get_filing's `filed`: the record with the proof to keep and its source (the
 * rules table of irs-forms, loaded by `irsForms` on first use like every form rule), and the
 * records it replaced (`history`, oldest first).
 */
export async function filedAnswer(
  filed: FiledReturn,
  irsForms: LoadIrsForms,
): Promise<{
  method: FiledReturn['method'];
  date: string;
  reference: string | null;
  provider_reference: string | null;
  proof: string;
  source: string;
  history: FiledHistoryEntry[];
}> {
  const { filingProof } = await irsForms();
  const { keep, source } = filingProof(filed.method);
  return {
    method: filed.method,
    date: filed.date,
    reference: filed.reference,
    provider_reference: filed.providerReference ?? null,
    proof: keep,
    source,
    history: filed.history ?? [],
  };
}
