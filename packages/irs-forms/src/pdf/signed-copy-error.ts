import { IrsFormsError, type IrsFormsErrorCode } from '../irs-forms-error.js';

/** Why a signed copy is refused, each with a stable code. */
export type SignedCopyRefusal = Extract<
  IrsFormsErrorCode,
  | 'unsupported_type'
  | 'unreadable'
  | 'encrypted'
  | 'too_many_pages'
  | 'empty'
  | 'image_too_large'
  | 'inflates_too_far'
  | 'page_too_large'
  | 'page_count_mismatch'
  | 'outdated_copy'
  | 'unsigned'
  | 'check_failed'
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
