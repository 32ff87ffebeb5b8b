import { IrsFormsError } from '../irs-forms-error.js';

/** A field map that does not match its template: a mapped name is missing or of another type. */
export class TemplateFieldError extends IrsFormsError {
  override readonly name = 'TemplateFieldError';
  readonly code = 'template_field_mismatch';
}
