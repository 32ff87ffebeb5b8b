export { fillFormFields } from './pdf/fill-form.js';
export {
  type Packet,
  PacketBuilder,
  type PacketBuilderOptions,
  type PacketFile,
  type TemplateLoader,
} from './pdf/packet-builder.js';
export {
  countPdfPages,
  SignedCopyError,
  signedCopyPdf,
} from './pdf/signed-copy.js';
export { TemplateFieldError } from './pdf/template-field-error.js';
