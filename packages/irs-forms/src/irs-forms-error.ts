/**
 * The stable codes of the errors irs-forms throws (docs/irs-forms.md#errors): each surface (MCP,
 * HTTP, companion page) maps them by this code, never by the message, which may be reworded.
 */
export type IrsFormsErrorCode =
  /** The packet would exceed `PACKET_LIMITS` (pages or bytes): `PacketTooLargeError`. */
  | 'packet_too_large'
  /** A form_data value holds text the IRS forms cannot print: `UnprintableTextError`. */
  | 'unprintable_text'
  /** `as_of` is not a real YYYY-MM-DD date: `checkFilingReadiness`. */
  | 'invalid_as_of'
  /** A field map does not match its IRS template (a defect of this package): `TemplateFieldError`. */
  | 'template_field_mismatch'
  /** A signed copy that cannot be kept: `SignedCopyError` (`@filing-mcp/irs-forms/pdf`). */
  | 'unsupported_type'
  | 'unreadable'
  | 'encrypted'
  | 'too_many_pages'
  | 'empty'
  /** A signed copy past `SIGNED_COPY_BOUNDS`: an image's pixels, a stream's inflated bytes, a page's size. */
  | 'image_too_large'
  | 'inflates_too_far'
  | 'page_too_large'
  /** A signed copy that is not the part to file of the filing as it is now, or is not signed. */
  | 'page_count_mismatch'
  | 'outdated_copy'
  | 'unsigned'
  /** A signed copy whose check stopped (its worker died): refused, never retried. */
  | 'check_failed';

/** An error of irs-forms: `code` says which, stably; `message` says what to do. */
export abstract class IrsFormsError extends Error {
  abstract readonly code: IrsFormsErrorCode;
}

/** `as_of` of a readiness check is not a real date in YYYY-MM-DD form. */
export class InvalidAsOfError extends IrsFormsError {
  override readonly name = 'InvalidAsOfError';
  readonly code = 'invalid_as_of';

  constructor(asOf: string) {
    super(`as_of must be a real date in YYYY-MM-DD form, not "${asOf}"`);
  }
}
