// zod for the floor handler (floor-handler.mjs): get_form_schema's argument and result schemas.
import * as z from 'zod';

const kind = () => z.enum(['5472', 'partnership']);
export const input = () => z.object({ kind: kind().optional(), formType: kind().optional() });
export const output = () =>
  z.object({ kind: kind(), description: z.string(), fields: z.record(z.string(), z.string()) });
