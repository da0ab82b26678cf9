import { renderTemplate } from '../../expr/index.js';

/** `$( )` only: `{{port}}`-style placeholders were filled earlier, and URLs hold no Go actions. */
const DOLLAR_ONLY = [{ left: '$(', right: ')', lenient: true }] as const;

/** `$(.env.NAME)` or `$(.NAME)`: a plain reference, checked before rendering. */
const PLAIN_REF = /\$\(\s*\.(env\.)?([A-Za-z_]\w*)\s*\)/g;

/**
 * Renders canary-checker's `$(.env.NAME)` / `$(.NAME)` templates in one field. A plain
 * reference to a value that is not set is an error naming it, not a silently empty URL part.
 */
export function renderField(
  text: string,
  vars: Record<string, unknown>,
  field: string,
  bothDelimiters = false,
): string {
  const env = (vars.env ?? {}) as Record<string, unknown>;
  for (const m of text.matchAll(PLAIN_REF)) {
    const name = m[2] ?? '';
    const set = m[1] ? Object.hasOwn(env, name) : Object.hasOwn(vars, name);
    if (!set) throw new Error(`${field}: ${m[0]} refers to ${name}, which is not set (give it in env)`);
  }
  let out: string;
  try {
    out = renderTemplate(text, vars, bothDelimiters ? {} : { delimiters: DOLLAR_ONLY });
  } catch (e) {
    throw new Error(`${field}: template failed: ${(e as Error).message.split('\n')[0]}`);
  }
  return out;
}

/** `env: [{name, value}]` (values already resolved) as a map. */
export function envMap(
  env: { name: string; value?: string | undefined }[] | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of env ?? []) out[e.name] = e.value ?? '';
  return out;
}
