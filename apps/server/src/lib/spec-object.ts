import YAML from 'yaml';

/**
 * A spec as people give it, an object or YAML/JSON text, as an object. Anything else is
 * refused with `SpecError`, the caller's own error class, so its routes answer 400.
 */
export function readSpecObject(input: unknown, SpecError: new (message: string) => Error): object {
  let value = input;
  if (typeof value === 'string') {
    try {
      value = YAML.parse(value) as unknown;
    } catch (e) {
      throw new SpecError(`spec is not valid YAML or JSON: ${(e as Error).message}`);
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new SpecError('spec must be an object');
  }
  return value;
}
