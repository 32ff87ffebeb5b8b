import type { FormEdition } from '../form-edition.js';
import { form1065TaxYear2025 } from './form-1065-2025.js';
import { form1120TaxYear2025 } from './form-1120-2025.js';
import { form5472RevDecember2023 } from './form-5472-rev-2023-12.js';
import { form7004RevDecember2025 } from './form-7004-rev-2025-12.js';
import { scheduleK1Form1065TaxYear2025 } from './schedule-k1-1065-2025.js';

/** The editions vendored with this package (templates in `templates/`, facts in its MANIFEST.md). */
export const DEFAULT_EDITIONS: readonly FormEdition[] = Object.freeze([
  form1120TaxYear2025,
  form5472RevDecember2023,
  form7004RevDecember2025,
  form1065TaxYear2025,
  scheduleK1Form1065TaxYear2025,
]);

export {
  form1065TaxYear2025,
  form1120TaxYear2025,
  form5472RevDecember2023,
  form7004RevDecember2025,
  scheduleK1Form1065TaxYear2025,
};
