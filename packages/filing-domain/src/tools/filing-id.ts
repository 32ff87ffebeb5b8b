import * as z from 'zod';
import { once } from '../once.js';

/** The answer to a call without `id` (`Invalid arguments: id: required: ...`). */
export const FILING_ID_REQUIRED =
  'required: the UUID of the filing, as a create tool or a list tool answered it';

/** The answer to an `id` that is not a UUID. */
export const FILING_ID_MALFORMED =
  'must be a UUID such as 3f0c2a9e-1b7d-4c5e-9a8f-2d6b7e1c4a90 (the id a create tool or a list tool answered)';

/**
 * The `id` argument of the filing tools: a missing one is reported as missing and a malformed one
 * as malformed, rather than both as "must be a UUID". Built on first use, like every
 * schema of the tools.
 */
export const filingIdSchema = once(() =>
  z.guid({
    error: (issue) => (issue.input === undefined ? FILING_ID_REQUIRED : FILING_ID_MALFORMED),
  }),
);
