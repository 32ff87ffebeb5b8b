export { fillFormFields } from './pdf/fill-form.js';
export {
  type Packet,
  PacketBuilder,
  type PacketBuilderOptions,
  type PacketFile,
  type TemplateLoader,
} from './pdf/packet-builder.js';
export {
  type CheckedSignedCopy,
  checkSignedCopy,
  type SignedCopyCheckInput,
  countPdfPages,
  SignedCopyError,
  signedCopyPdf,
} from './pdf/signed-copy.js';
export type { SignedCopyFindings } from './pdf/signed-copy-checks.js';
export { TemplateFieldError } from './pdf/template-field-error.js';
