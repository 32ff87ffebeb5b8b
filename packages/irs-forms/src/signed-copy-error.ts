import { IrsFormsError, type IrsFormsErrorCode } from './irs-forms-error.js';

/** Why a signed copy is refused, each with a stable code: every code but the packet's and the forms'. */
export type SignedCopyRefusal = Exclude<
  IrsFormsErrorCode,
  'packet_too_large' | 'unprintable_text' | 'invalid_as_of' | 'template_field_mismatch'
>;

/** A signed copy that cannot be kept: `code` says why, `message` what to do. */
export class SignedCopyError extends IrsFormsError {
  readonly code: SignedCopyRefusal;

  constructor(code: SignedCopyRefusal, message: string) {
    super(message);
    this.name = 'SignedCopyError';
    this.code = code;
  }
}
