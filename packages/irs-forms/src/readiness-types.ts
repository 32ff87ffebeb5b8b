import type { FormId } from './form-edition.js';

/** A required line that is empty. */
export type MissingLine = {
  form: FormId;
  /** The part of the form (`I`, `III`, `IV/V`, `Sign Here`, ...). */
  part?: string;
  line: string;
  field: string;
};

/** A value in the wrong format. */
export type InvalidField = {
  field: string;
  message: string;
};
