// The `kind` argument and the tools' annotations, apart from the other shared schemas
// (tool-schemas.ts re-exports them).
import * as z from 'zod';
import { once } from '../once.js';
import { KIND_MESSAGE, KIND_NAMES } from './kind-names.js';

export { creates, overwrites, readOnly } from './tool-annotations.js';

/** A `kind` argument: "5472" or "partnership" (aliases accepted). */
export const kindArgument = once(() => z.enum(KIND_NAMES, { message: KIND_MESSAGE }));
