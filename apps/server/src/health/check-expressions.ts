import type { CheckExpression } from '@opsdeck/shared';
import { evalCel, renderTemplate } from '../expr/index.js';
import { runJavaScript } from '../sandbox/javascript.js';
import {
  celDurationOf,
  checkVariables,
  type DurationOf,
  textDurationOf,
  type ResultView,
} from './check-variables.js';
import type { DependencyOutput } from './depends.js';
import { UNDERSCORE_PRELUDE } from './js-prelude.js';

/**
 * canary-checker's `transform`, `display` and `test`, in its order: the transform first
 * (it may change pass/message/error or turn the result into other checks), then display
 * (the message), then test (must be true). Each takes one of three forms: `expr` (CEL),
 * `template` (Go template) or `javascript` (QuickJS sandbox, with time and memory limits).
 */

export type ExpressionFields = {
  name?: string;
  test?: CheckExpression;
  display?: CheckExpression;
  transform?: CheckExpression;
  markFailOnEmpty?: boolean;
};

/** A result a transform returned under another name: canary-checker makes it a check of its own. */
export type TransformedCheck = {
  name: string;
  namespace: string | null;
  description: string | null;
  icon: string | null;
  labels: Record<string, string>;
  pass: boolean;
  message: string;
  error: string | null;
  durationMs: number | null;
  details: unknown;
  /** `deletedAt` given: the check is gone at the source. */
  deleted: boolean;
};

export type ExpressionResult = ResultView & { transformed?: TransformedCheck[] };

/** The results of the checks a check depends on, by name (`outputs.<name>`). */
type Outputs = Record<string, DependencyOutput>;

type Form = 'expr' | 'template' | 'javascript';

function formOf(e: CheckExpression): [Form, string] {
  if (e.expr !== undefined) return ['expr', e.expr];
  if (e.template !== undefined) return ['template', e.template];
  return ['javascript', e.javascript ?? ''];
}

const firstLine = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0] ?? '';

/** `outputs.<name>`: each dependency's variables, as its own expressions would see them. */
function outputVariables(outputs: Outputs | undefined, durationOf: DurationOf): object {
  if (!outputs) return {};
  return {
    outputs: Object.fromEntries(
      Object.entries(outputs).map(([name, o]) => [name, checkVariables(o.type, o.result, durationOf)]),
    ),
  };
}

/** Evaluates one expression against the result's variables; `expr` gets CEL durations. */
async function evaluate(
  type: string,
  r: ResultView,
  e: CheckExpression,
  extra: object,
  outputs?: Outputs,
): Promise<unknown> {
  const [form, source] = formOf(e);
  if (form === 'expr')
    return evalCel(source, {
      ...checkVariables(type, r, celDurationOf),
      ...outputVariables(outputs, celDurationOf),
      ...extra,
    });
  const vars = {
    ...checkVariables(type, r, textDurationOf),
    ...outputVariables(outputs, textDurationOf),
    ...extra,
  };
  if (form === 'template') return renderTemplate(source, vars);
  return runJavaScript(`${UNDERSCORE_PRELUDE}\n${source}`, vars);
}

const asText = (v: unknown): string =>
  typeof v === 'string' ? v : v === null || v === undefined ? '' : JSON.stringify(v);

/** Applies transform, display and test to `result` in place. Never throws. */
export async function applyCheckExpressions(
  type: string,
  result: ExpressionResult,
  spec: ExpressionFields,
  outputs?: Outputs,
): Promise<void> {
  const extra: Record<string, unknown> = {};
  if (spec.transform) await applyTransform(type, result, spec, extra, outputs);
  if (spec.display) {
    try {
      result.message = asText(await evaluate(type, result, spec.display, extra, outputs));
    } catch (e) {
      result.message = `display expression failed: ${firstLine(e)}`;
    }
  }
  if (result.pass && spec.test) await applyTest(type, result, spec.test, extra, outputs);
}

async function applyTest(
  type: string,
  result: ResultView,
  test: CheckExpression,
  extra: object,
  outputs?: Outputs,
): Promise<void> {
  const [form, source] = formOf(test);
  try {
    const value = await evaluate(type, result, test, extra, outputs);
    // Templates and scripts answer in text; canary-checker reads it as a boolean.
    const ok = typeof value === 'string' ? value.trim().toLowerCase() : value;
    if (ok === true || ok === 'true') return;
    result.pass = false;
    result.error =
      form === 'expr'
        ? `test expression returned ${asText(value)}: ${source}`
        : `test ${form} returned ${JSON.stringify(value)}, expected true`;
  } catch (e) {
    result.pass = false;
    result.error = `test expression failed: ${firstLine(e)}`;
  }
}

type Row = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** What a transform produced, read as canary-checker reads it: a JSON list or one object. */
function transformOutput(value: unknown): unknown[] {
  let v = value;
  if (typeof value === 'string') {
    if (value.trim() === '') return [];
    try {
      v = JSON.parse(value) as unknown;
    } catch {
      throw new Error(`the transform did not return JSON: ${value.slice(0, 200)}`);
    }
  }
  if (v === null || v === undefined) return [];
  if (Array.isArray(v)) return v;
  if (typeof v === 'object') return [v];
  throw new Error(`the transform returned ${typeof v}, expected an object or a list of objects`);
}

async function applyTransform(
  type: string,
  result: ExpressionResult,
  spec: ExpressionFields,
  extra: Row,
  outputs?: Outputs,
): Promise<void> {
  let items: Row[];
  try {
    const out = transformOutput(await evaluate(type, result, spec.transform!, extra, outputs));
    items = out.map((x, i) => {
      if (!x || typeof x !== 'object' || Array.isArray(x)) throw new Error(`entry ${i} is not an object`);
      return x as Row;
    });
    if (items.some((x) => 'spec' in x))
      throw new Error('it returned a Canary spec; creating canaries from a transform is not supported');
  } catch (e) {
    result.pass = false;
    result.error = `error transforming result: ${firstLine(e)}`;
    return;
  }
  if (items.length === 0) {
    if (spec.markFailOnEmpty) {
      result.pass = false;
      result.error = 'empty result returned from transformation';
    }
    return;
  }
  const first = items[0]!;
  const name = str(first.name);
  if (name && name !== spec.name) {
    result.transformed = items.map((t) => toTransformedCheck(t, spec.name ?? ''));
    return;
  }
  if (items.length > 1) {
    result.pass = false;
    result.error = 'error transforming result: transformation returned more than 1 entry without a name';
    return;
  }
  applyInPlace(result, first, extra);
}

/** One unnamed entry changes the result itself: only the fields it gives. */
function applyInPlace(result: ResultView, t: Row, extra: Row): void {
  if (typeof t.pass === 'boolean') result.pass = t.pass;
  if (typeof t.duration === 'number') result.durationMs = t.duration;
  if (str(t.message)) result.message = t.message as string;
  if (str(t.error)) result.error = t.error as string;
  if (t.detail === '$delete') result.details = {};
  else if (t.detail !== undefined && t.detail !== null)
    result.details = { ...result.details, results: t.detail };
  if (t.data && typeof t.data === 'object') Object.assign(extra, t.data);
}

function toTransformedCheck(t: Row, parentName: string): TransformedCheck {
  const labels: Record<string, string> = {};
  if (t.labels && typeof t.labels === 'object')
    for (const [k, v] of Object.entries(t.labels as Row)) if (v !== null) labels[k] = String(v);
  return {
    name: str(t.name) ?? parentName,
    namespace: str(t.namespace),
    description: str(t.description),
    icon: str(t.icon),
    labels,
    pass: t.pass === true,
    message: str(t.message) ?? '',
    error: str(t.error),
    durationMs: typeof t.duration === 'number' ? t.duration : null,
    details: t.detail ?? null,
    deleted: Boolean(t.deletedAt),
  };
}
