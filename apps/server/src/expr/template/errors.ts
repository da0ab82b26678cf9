/**
 * The only error a template ever throws. `kind` says whether the text does not parse, failed
 * while rendering, or hit one of the limits; `line` is the 1-based line in the original text.
 */
export type TemplateErrorKind = 'parse' | 'exec' | 'limit';

export class TemplateError extends Error {
  override readonly name = 'TemplateError';
  constructor(
    readonly kind: TemplateErrorKind,
    readonly line: number,
    readonly detail: string,
    /** Set for a name that is neither a function nor a key of the data. */
    readonly undefinedFunction?: string,
  ) {
    super(`template: line ${line}: ${detail}`);
  }
}
