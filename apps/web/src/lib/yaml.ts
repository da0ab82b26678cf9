import { parse } from 'yaml';

/** YAML text → object; undefined (and logged, not shown) when it does not parse into a mapping. */
export function parseYamlObject(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = parse(text);
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // logged below, like any other non-object
  }
  console.warn('Error parsing YAML to Object');
  return undefined;
}
