import { paramVariable, resourceVariable } from './script-env.js';
import { templateActions, tokens, type Token } from './template-actions.js';

/**
 * Warns where a script's template pastes an event-controlled value into the script's text: a
 * component named `x-$(id)` would run `id`. Such a value is safe as an environment variable
 * (`"$COMPONENT_NAME"`) or quoted with `shellQuote`. Pure and shared: the spec editors show
 * the warnings and the server's tests hold the demo specs to them. docs/playbooks.md.
 */

/** The data roots whose values come from outside a playbook's spec (events, people, agents). */
export const PLAYBOOK_EVENT_ROOTS = [
  'config',
  'component',
  'check',
  'params',
  'request',
  'user',
  'event',
] as const;
/** What a topology's `forEach` templates see: the looked-up item. */
export const TOPOLOGY_EVENT_ROOTS = ['component', 'config', 'properties'] as const;

/** Functions whose result cannot carry shell syntax, so a value they end with is safe. */
export const SHELL_SAFE_FUNCTIONS = [
  'shellQuote',
  'b64enc',
  'sha1sum',
  'sha256sum',
  'urlquery',
  'int',
  'int64',
  'float64',
  'atoi',
  'len',
] as const;

/** Functions whose result carries what earlier actions printed (their output is outside data too). */
const TAINTED_FUNCTIONS = new Set(['getAction', 'getLastAction']);

/** Functions a `$( … )` may start with and still be a template action rather than shell. */
const TEMPLATE_FUNCTIONS = new Set([
  ...SHELL_SAFE_FUNCTIONS,
  ...TAINTED_FUNCTIONS,
  'index',
  'print',
  'printf',
  'println',
  'default',
  'coalesce',
  'quote',
  'squote',
  'toJSON',
  'toJson',
  'toYAML',
  'toYaml',
  'upper',
  'lower',
  'trim',
  'title',
  'replace',
  'join',
]);

const KEYWORDS = new Set([
  'if',
  'else',
  'end',
  'range',
  'with',
  'define',
  'block',
  'template',
  'break',
  'continue',
]);

export type ScriptSplice = {
  /** Offsets of the template action in the script. */
  start: number;
  end: number;
  /** The action as written: `{{.component.name}}`. */
  fragment: string;
  /** The value it pastes: `.component.name`. */
  field: string;
  /** The environment variable holding that value, when there is one. */
  variable?: string;
};

export type ScriptWarning = ScriptSplice & {
  /** Where the script is in the spec: `['actions', 1, 'exec', 'script']`. */
  path: (string | number)[];
  message: string;
};

type Dot = { root: true } | { root: false; tainted: boolean; field: string };
type Taint = { field: string; variable?: string } | undefined;

class Reader {
  private readonly frames: { dot: Dot; keyword: string }[] = [];
  private dot: Dot = { root: true };
  private readonly vars = new Map<string, Taint>();

  constructor(
    private readonly roots: ReadonlySet<string>,
    /** `run.parameters` is a root only in playbooks. */
    private readonly runParameters: boolean,
  ) {}

  /** The event value a root path names (`component.name`), or undefined when it is not one. */
  private rootPath(segments: string[]): Taint {
    const [root, next] = segments;
    if (root === undefined) return { field: '.' };
    if (root === 'run' && this.runParameters && next === 'parameters') {
      return {
        field: `.${segments.join('.')}`,
        ...(segments[2] ? { variable: paramVariable(segments[2]) } : {}),
      };
    }
    if (!this.roots.has(root)) return undefined;
    if (segments.length === 2 && next === 'id' && root !== 'params') return undefined;
    const variable =
      root === 'params' && next ? paramVariable(next) : next ? resourceVariable(root, next) : undefined;
    return { field: `.${segments.join('.')}`, ...(variable && segments.length === 2 ? { variable } : {}) };
  }

  /** Whether a word reads an event value: `.config.name`, `$.params.x`, `$n`, `params.x`, `.` in a tainted `with`. */
  private wordTaint(word: string): Taint {
    if (TAINTED_FUNCTIONS.has(word.split('.')[0] ?? '')) return { field: word.split('.')[0] ?? word };
    if (word === '.')
      return this.dot.root ? { field: '.' } : this.dot.tainted ? { field: this.dot.field } : undefined;
    if (word.startsWith('.')) {
      const segments = word.slice(1).split('.');
      if (this.dot.root) return this.rootPath(segments);
      return this.dot.tainted ? { field: `${this.dot.field}${word}` } : undefined;
    }
    if (word === '$') return { field: '$' };
    if (word.startsWith('$.')) return this.rootPath(word.slice(2).split('.'));
    if (word.startsWith('$')) {
      const [name, ...rest] = word.split('.');
      const t = this.vars.get(name ?? '');
      return t ? { field: [t.field, ...rest].join('.') } : undefined;
    }
    // A bare name that is a key of the data is that value (`$(params.x)`, `index params "x"`).
    const segments = word.split('.');
    if (this.roots.has(segments[0] ?? '') || (segments[0] === 'run' && segments.length > 2))
      return this.rootPath(segments);
    return undefined;
  }

  /** The first event value a pipeline reads, and whether its last step makes it safe. */
  private pipeline(list: Token[]): { taint: Taint; safe: boolean } {
    let taint: Taint;
    let commandStart = true;
    let depth = 0;
    let lastHead = '';
    for (const t of list) {
      if (t.kind === 'open') depth++;
      else if (t.kind === 'close') depth--;
      else if (t.kind === 'pipe' && depth === 0) {
        commandStart = true;
        continue;
      } else if (t.kind === 'word') {
        if (commandStart && depth === 0) lastHead = t.text;
        taint ??= this.wordTaint(t.text);
      }
      commandStart = false;
    }
    return { taint, safe: (SHELL_SAFE_FUNCTIONS as readonly string[]).includes(lastHead) };
  }

  /** Reads one action; returns the event value it prints unquoted, if any. */
  action(body: string, lenient: boolean): Taint {
    if (body.startsWith('/*')) return undefined;
    const list = tokens(body);
    const head = list[0]?.kind === 'word' ? list[0].text : '';
    if (lenient && !this.startsAction(head)) return undefined;
    if (KEYWORDS.has(head)) {
      this.keyword(head, list.slice(1));
      return undefined;
    }
    const assign = list.findIndex((t) => t.kind === 'assign');
    if (assign > 0 && list.slice(0, assign).every((t) => t.kind === 'word' || t.kind === 'comma')) {
      const { taint, safe } = this.pipeline(list.slice(assign + 1));
      for (const t of list.slice(0, assign))
        if (t.kind === 'word') this.vars.set(t.text, safe ? undefined : taint);
      return undefined;
    }
    const { taint, safe } = this.pipeline(list);
    return safe ? undefined : taint;
  }

  private startsAction(head: string): boolean {
    if (head.startsWith('.') || head.startsWith('$')) return true;
    const root = head.split('.')[0] ?? '';
    return this.roots.has(root) || TEMPLATE_FUNCTIONS.has(head) || root === 'run' || root === 'env';
  }

  private keyword(head: string, rest: Token[]): void {
    if (head === 'end') {
      const frame = this.frames.pop();
      if (frame) this.dot = frame.dot;
      return;
    }
    if (head === 'else') {
      const frame = this.frames.at(-1);
      const next = rest[0]?.kind === 'word' ? rest[0].text : '';
      // `else` runs with the dot from before the block; `else with X` moves it again.
      if (frame) this.dot = frame.dot;
      if (next === 'with') this.moveDot(rest.slice(1), false);
      return;
    }
    if (head === 'if' || head === 'define' || head === 'block') {
      this.frames.push({ dot: this.dot, keyword: head });
      if (head !== 'if') this.dot = { root: false, tainted: false, field: '.' };
      return;
    }
    if (head === 'with' || head === 'range') {
      this.frames.push({ dot: this.dot, keyword: head });
      this.moveDot(rest, head === 'range');
    }
  }

  /** `with X` / `range X`: the dot becomes X (an element of X); `range $i, $v := X` names it. */
  private moveDot(rest: Token[], range: boolean): void {
    const assign = rest.findIndex((t) => t.kind === 'assign');
    const pipe = assign >= 0 ? rest.slice(assign + 1) : rest;
    const { taint, safe } = this.pipeline(pipe);
    const carried = safe ? undefined : taint;
    this.dot = carried
      ? { root: false, tainted: true, field: carried.field }
      : { root: false, tainted: false, field: '.' };
    if (assign >= 0) {
      const names = rest.slice(0, assign).filter((t) => t.kind === 'word');
      const value = range ? names.at(-1) : names[0];
      if (value) this.vars.set(value.text, carried);
    }
  }
}

/** The actions of one script that paste a value from `roots` into it unquoted. */
export function findScriptSplices(
  script: string,
  roots: readonly string[] = PLAYBOOK_EVENT_ROOTS,
  options: { runParameters?: boolean } = {},
): ScriptSplice[] {
  const reader = new Reader(new Set(roots), options.runParameters ?? roots === PLAYBOOK_EVENT_ROOTS);
  const out: ScriptSplice[] = [];
  for (const a of templateActions(script)) {
    const taint = reader.action(a.body, a.lenient);
    if (!taint) continue;
    out.push({
      start: a.start,
      end: a.end,
      fragment: a.source,
      field: taint.field,
      ...(taint.variable ? { variable: taint.variable } : {}),
    });
  }
  return out;
}

/** The warning text for one splice. */
export function spliceMessage(s: ScriptSplice): string {
  const fix = s.variable
    ? `read "$${s.variable}" in the script instead, or quote it: {{ ${s.field} | shellQuote }}`
    : `pass it in the action's env, or quote it: {{ ${s.field} | shellQuote }}`;
  return `${s.fragment} pastes ${s.field}, a value from outside the spec, into the script as code; ${fix}`;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function warningsOf(
  script: unknown,
  path: (string | number)[],
  roots: readonly string[],
  runParameters: boolean,
): ScriptWarning[] {
  if (typeof script !== 'string') return [];
  return findScriptSplices(script, roots, { runParameters }).map((s) => ({
    ...s,
    path,
    message: spliceMessage(s),
  }));
}

/** The exec action scripts of a playbook spec (bare, or a whole `kind: Playbook` document). */
export function lintPlaybookScripts(spec: unknown): ScriptWarning[] {
  const body = isObject(spec) && spec.kind === 'Playbook' && isObject(spec.spec) ? spec.spec : spec;
  const prefix: string[] = body === spec ? [] : ['spec'];
  if (!isObject(body) || !Array.isArray(body.actions)) return [];
  return body.actions.flatMap((action, i) => {
    if (!isObject(action) || !isObject(action.exec)) return [];
    return warningsOf(
      action.exec.script,
      [...prefix, 'actions', i, 'exec', 'script'],
      PLAYBOOK_EVENT_ROOTS,
      true,
    );
  });
}

/** Every `exec` entry's script below a value (lookups and inline canaries of a forEach). */
function execScripts(
  value: unknown,
  path: (string | number)[],
): { script: unknown; path: (string | number)[] }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => execScripts(v, [...path, i]));
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([key, v]) => {
    if (key === 'exec' && Array.isArray(v)) {
      return v.flatMap((entry, i) =>
        isObject(entry) && typeof entry.script === 'string'
          ? [{ script: entry.script, path: [...path, key, i, 'script'] }]
          : [],
      );
    }
    return execScripts(v, [...path, key]);
  });
}

/** Scripts inside a topology's `forEach` blocks, rendered against each looked-up item. */
export function lintTopologyScripts(spec: unknown): ScriptWarning[] {
  const out: ScriptWarning[] = [];
  const visit = (value: unknown, path: (string | number)[]) => {
    if (Array.isArray(value)) return value.forEach((v, i) => visit(v, [...path, i]));
    if (!isObject(value)) return;
    for (const [key, v] of Object.entries(value)) {
      if (key === 'forEach') {
        for (const s of execScripts(v, [...path, key]))
          out.push(...warningsOf(s.script, s.path, TOPOLOGY_EVENT_ROOTS, false));
      } else visit(v, [...path, key]);
    }
  };
  const body = isObject(spec) && spec.kind === 'Topology' && isObject(spec.spec) ? spec.spec : spec;
  visit(body, body === spec ? [] : ['spec']);
  return out;
}
