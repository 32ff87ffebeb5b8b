export { DRAFT_MARK } from './pdf/cover-page.js';
export { fillFormFields, loadTemplate, templateField } from './pdf/fill-form.js';
export { REASONABLE_CAUSE_DECLARATION } from './pdf/late-filing-letter.js';
export {
  type BuildOptions,
  type Packet,
  PacketBuilder,
  type PacketBuilderOptions,
  type PacketFile,
  type TemplateLoader,
} from './pdf/packet-builder.js';
export { TemplateFieldError } from './pdf/template-field-error.js';
export { drawWithholdingWorksheet, WORKSHEET_TITLE } from './pdf/withholding-worksheet.js';
export {
  countPdfPages,
  SIGNED_COPY_LIMITS,
  SignedCopyError,
  type SignedCopyMediaType,
  type SignedCopyRefusal,
  signedCopyPdf,
  sniffSignedCopyType,
} from './pdf/signed-copy.js';
