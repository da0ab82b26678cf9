/**
 * The environment variables that carry event values into scripts (playbook `exec` actions,
 * exec checks and lookups inside a topology's `forEach`). A value in a variable is data: the
 * shell never parses it as code, whatever it contains, where the same value pasted into the
 * script's text by a template would be. docs/playbooks.md lists them.
 */

/** The resources whose fields scripts get, and the fields each one gives. */
export const SCRIPT_ENV_RESOURCES = ['config', 'component', 'check'] as const;
export type ScriptEnvResource = (typeof SCRIPT_ENV_RESOURCES)[number];

const RESOURCE_FIELDS = ['id', 'name', 'type', 'namespace', 'status'] as const;

/** `component` + `name` → `COMPONENT_NAME`; undefined for a field that has no variable. */
export function resourceVariable(resource: string, field: string): string | undefined {
  if (!(SCRIPT_ENV_RESOURCES as readonly string[]).includes(resource)) return undefined;
  if (!(RESOURCE_FIELDS as readonly string[]).includes(field)) return undefined;
  return `${resource.toUpperCase()}_${field.toUpperCase()}`;
}

/** A parameter's variable: `PARAM_` and its name in capitals, other characters as `_`. */
export function paramVariable(name: string): string {
  return `PARAM_${name.toUpperCase().replace(/[^A-Z0-9_]/g, '_')}`;
}

/** Every fixed variable a playbook exec action gets (parameters add `PARAM_<NAME>`). */
export const SCRIPT_ENV_VARIABLES: readonly string[] = [
  ...SCRIPT_ENV_RESOURCES.flatMap((r) => RESOURCE_FIELDS.map((f) => `${r.toUpperCase()}_${f.toUpperCase()}`)),
  'PLAYBOOK_ID',
  'PLAYBOOK_NAME',
  'PLAYBOOK_RUN_ID',
];

function text(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  if (v === null) return '';
  const s = typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
  // A variable cannot hold NUL (the database cannot store one either): drop it, never fail.
  // eslint-disable-next-line no-control-regex
  return s.replace(/\u0000/g, '');
}

type Row = Record<string, unknown>;
const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The variables of the resources a script is about: `CONFIG_ID`, `COMPONENT_NAME`,
 * `CHECK_STATUS`… A field the resource does not have is left unset; a null one is empty.
 */
export function resourceScriptEnv(
  resources: Partial<Record<ScriptEnvResource, unknown>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const resource of SCRIPT_ENV_RESOURCES) {
    const row = resources[resource];
    if (!isRow(row)) continue;
    for (const field of RESOURCE_FIELDS) {
      const value = text(Object.hasOwn(row, field) ? row[field] : undefined);
      if (value !== undefined) out[`${resource.toUpperCase()}_${field.toUpperCase()}`] = value;
    }
  }
  return out;
}

/**
 * Parameters as `PARAM_<NAME>`, with the value as given (a config or component parameter is
 * its id). Two names that give one variable: the first in name order wins.
 */
export function paramScriptEnv(params: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(params).sort()) {
    const variable = paramVariable(name);
    const value = text(params[name]);
    if (value !== undefined && !Object.hasOwn(out, variable)) out[variable] = value;
  }
  return out;
}

/**
 * Adds variables to a script's `env` list (`[{name, value}]`, as exec checks and actions take
 * it); a name the list already has keeps the list's value.
 */
export function withEnvEntries(
  env: unknown,
  variables: Readonly<Record<string, string>>,
): { name: string; value?: string }[] {
  const list = Array.isArray(env) ? (env as { name: string; value?: string }[]) : [];
  const named = new Set(list.map((e) => (isRow(e) ? e.name : undefined)));
  const added = Object.entries(variables)
    .filter(([name]) => !named.has(name))
    .map(([name, value]) => ({ name, value }));
  return [...list, ...added];
}
