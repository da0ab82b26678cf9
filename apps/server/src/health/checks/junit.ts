import fs from 'node:fs/promises';
import path from 'node:path';
import { junitCheckSchema, type JunitCheckSpec } from '@opsdeck/shared';
import { loadTinyglobby } from '../../lib/packages.js';
import {
  allowedRealPath,
  globProblem,
  OutsideFileRootsError,
  resolveSpecPath,
  type FileAccess,
} from '../../sandbox/file-roots.js';
import { parseXml, type XmlElement } from './junit-xml.js';
import { type CheckRunner, fail, pass } from './types.js';
import { clip } from './values.js';

const MAX_FILE_BYTES = 10 * 1024 * 1024;
const MAX_FILES = 500;
/** Failed tests named in the message, as canary-checker does. */
const FAILED_SHOWN = 10;

type Status = 'passed' | 'failed' | 'skipped' | 'error';
type Test = { name: string; classname: string; duration: number; status: Status; message?: string };
type Totals = { passed: number; failed: number; skipped: number; error: number; duration: number };
type Suite = Totals & { name: string; tests: Test[] };

const zero = (): Totals => ({ passed: 0, failed: 0, skipped: 0, error: 0, duration: 0 });
const seconds = (v: string | undefined) => (v && Number.isFinite(Number(v)) ? Number(v) : 0);

function testOf(tc: XmlElement): Test {
  const child = (n: string) => tc.children.find((c) => c.name === n);
  const failure = child('failure');
  const error = child('error');
  const skipped = child('skipped');
  const status: Status = error ? 'error' : failure ? 'failed' : skipped ? 'skipped' : 'passed';
  const reason = error ?? failure ?? skipped;
  const message = reason ? reason.attrs.message || reason.text.trim() : undefined;
  return {
    name: tc.attrs.name ?? '',
    classname: tc.attrs.classname ?? '',
    duration: seconds(tc.attrs.time),
    status,
    ...(message ? { message: clip(message, 500) } : {}),
  };
}

/** Every <testsuite> below an element, with its test cases and totals. */
function suitesOf(el: XmlElement, out: Suite[]): void {
  if (el.name === 'testsuite') {
    const tests = el.children.filter((c) => c.name === 'testcase').map(testOf);
    const totals = zero();
    for (const t of tests) {
      totals[t.status]++;
      totals.duration += t.duration;
    }
    if (el.attrs.time) totals.duration = seconds(el.attrs.time);
    out.push({ name: el.attrs.name ?? '', ...totals, tests });
  }
  for (const c of el.children) if (c.name === 'testsuite' || c.name === 'testsuites') suitesOf(c, out);
}

/** The report files: a folder's *.xml, one file, or a glob; each must lie inside the file roots. */
async function reportFiles(pattern: string, access: FileAccess): Promise<string[]> {
  const problem = await globProblem(pattern, access);
  if (problem) throw new OutsideFileRootsError(problem);
  const absolute = resolveSpecPath(pattern, access);
  const stat = await fs.stat(absolute).catch(() => undefined);
  if (stat?.isFile()) return [absolute];
  const { glob } = await loadTinyglobby();
  const files = stat?.isDirectory()
    ? await glob('**/*.xml', { cwd: absolute, absolute: true, onlyFiles: true })
    : await glob(pattern, { cwd: access.baseDir, absolute: true, onlyFiles: true });
  return files.sort().slice(0, MAX_FILES);
}

/** Save-time check of a canary's junit checks: each `testResults` must lie inside the file roots. */
export async function junitPathProblems(spec: unknown, access: FileAccess): Promise<string[]> {
  const list = (spec as { junit?: unknown } | null)?.junit;
  if (!Array.isArray(list)) return [];
  const problems: string[] = [];
  for (const [i, check] of list.entries()) {
    const p = (check as { testResults?: unknown } | null)?.testResults;
    if (typeof p !== 'string') continue;
    const problem = await globProblem(p, access);
    if (problem) problems.push(`spec.junit.${i}.testResults: ${problem}`);
  }
  return problems;
}

/**
 * JUnit: reads the XML reports at `testResults` (inside the file roots, symlinks resolved)
 * and passes when no test failed or errored. `results` holds canary-checker's totals
 * (passed, failed, skipped, error, duration in seconds) and the suites with their tests.
 * canary-checker's test pod (`spec`) is not started: the reports must already be there.
 */
export const junitRunner: CheckRunner<JunitCheckSpec> = {
  type: 'junit',
  schema: junitCheckSchema,
  endpoint: (s) => s.testResults,
  async run(spec, ctx) {
    const access = ctx.sandbox.files;
    const files = await reportFiles(spec.testResults, access);
    if (files.length === 0) return fail(`no JUnit XML files at ${spec.testResults}`);
    const suites: Suite[] = [];
    for (const file of files) {
      if (ctx.signal.aborted) break;
      const real = await allowedRealPath(file, access);
      const stat = await fs.stat(real);
      const label = path.relative(access.baseDir, file) || file;
      if (stat.size > MAX_FILE_BYTES) return fail(`${label} is larger than 10 MB`);
      try {
        suitesOf(parseXml(await fs.readFile(real, 'utf8')), suites);
      } catch (e) {
        return fail(`${label} is not a JUnit XML report: ${(e as Error).message}`);
      }
    }
    const totals = zero();
    for (const s of suites) {
      totals.passed += s.passed;
      totals.failed += s.failed;
      totals.skipped += s.skipped;
      totals.error += s.error;
      totals.duration += s.duration;
    }
    totals.duration = Math.round(totals.duration * 1000) / 1000;
    const data = { results: { ...totals, suites }, files: files.length };
    const summary = [
      `${totals.passed} passed`,
      ...(totals.failed ? [`${totals.failed} failed`] : []),
      ...(totals.error ? [`${totals.error} errors`] : []),
      ...(totals.skipped ? [`${totals.skipped} skipped`] : []),
    ].join(', ');
    if (suites.length === 0)
      return fail(`no <testsuite> in ${files.length} files at ${spec.testResults}`, data);
    if (spec.test || (totals.failed === 0 && totals.error === 0)) return pass(summary, data);
    const failed = suites
      .flatMap((s) => s.tests)
      .filter((t) => t.status === 'failed' || t.status === 'error')
      .slice(0, FAILED_SHOWN)
      .map((t) => (t.classname ? `${t.classname}.${t.name}` : t.name));
    return fail(`${summary}: ${failed.join(', ')}`, data, summary);
  },
};
