import type { QuickJSWASMModule } from 'quickjs-emscripten';
import { loadQuickjs } from '../lib/packages.js';

/**
 * The one sandbox for user JavaScript (scraper transforms, later check displays): QuickJS
 * compiled to WebAssembly, a fresh runtime per call with a memory and a time limit. User code
 * never runs on the server's heap (no node:vm) and sees no Node APIs, only its variables.
 */

export type JavaScriptLimits = { memoryBytes: number; timeoutMs: number; maxStackBytes: number };

export const DEFAULT_JS_LIMITS: JavaScriptLimits = {
  memoryBytes: 64 * 1024 * 1024,
  timeoutMs: 2000,
  maxStackBytes: 1024 * 1024,
};

export type JavaScriptErrorKind = 'error' | 'timeout' | 'memory' | 'output';

export class JavaScriptError extends Error {
  constructor(
    readonly kind: JavaScriptErrorKind,
    message: string,
  ) {
    super(message);
  }
}

let module: Promise<QuickJSWASMModule> | undefined;
/**
 * The package and its WASM module are loaded once, with the first script (not at start); every
 * call still gets its own runtime and memory.
 */
async function quickjs(): Promise<{
  QuickJS: QuickJSWASMModule;
  shouldInterruptAfterDeadline: Awaited<ReturnType<typeof loadQuickjs>>['shouldInterruptAfterDeadline'];
}> {
  const { getQuickJS, shouldInterruptAfterDeadline } = await loadQuickjs();
  module ??= getQuickJS();
  return { QuickJS: await module, shouldInterruptAfterDeadline };
}

function describe(dumped: unknown): string {
  if (dumped && typeof dumped === 'object') {
    const e = dumped as { name?: unknown; message?: unknown };
    const name = typeof e.name === 'string' ? e.name : 'Error';
    if (typeof e.message === 'string') return `${name}: ${e.message}`;
  }
  return typeof dumped === 'string' ? dumped : JSON.stringify(dumped);
}

function classify(message: string, timedOut: boolean, limits: JavaScriptLimits): JavaScriptError {
  if (timedOut || /interrupted/i.test(message))
    return new JavaScriptError(
      'timeout',
      `JavaScript ran longer than ${limits.timeoutMs / 1000}s and was stopped`,
    );
  if (/out of memory|stack overflow/i.test(message))
    return new JavaScriptError(
      'memory',
      `JavaScript used more than ${Math.round(limits.memoryBytes / 1024 / 1024)} MiB and was stopped (${message})`,
    );
  return new JavaScriptError('error', `JavaScript failed: ${message}`);
}

/**
 * Runs `code` with `vars` as global variables (passed as JSON) and returns the value of its
 * last expression, copied out as JSON (a function or a cycle is an error).
 * Every failure — a throw, a syntax error, a limit — is a JavaScriptError, never a crash.
 */
export async function runJavaScript(
  code: string,
  vars: Readonly<Record<string, unknown>>,
  overrides: Partial<JavaScriptLimits> = {},
): Promise<unknown> {
  const limits = { ...DEFAULT_JS_LIMITS, ...overrides };
  const { QuickJS, shouldInterruptAfterDeadline } = await quickjs();
  const runtime = QuickJS.newRuntime();
  runtime.setMemoryLimit(limits.memoryBytes);
  runtime.setMaxStackSize(limits.maxStackBytes);
  const deadline = Date.now() + limits.timeoutMs;
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(deadline));
  const vm = runtime.newContext();
  try {
    const input = vm.newString(JSON.stringify(vars));
    vm.setProp(vm.global, '__input', input);
    input.dispose();
    const setup = vm.evalCode(
      'for (const [k, v] of Object.entries(JSON.parse(__input))) globalThis[k] = v; delete globalThis.__input;',
    );
    if (setup.error) {
      const message = describe(vm.dump(setup.error));
      setup.error.dispose();
      throw classify(message, false, limits);
    }
    setup.value.dispose();
    const result = vm.evalCode(code, 'transform.js');
    if (result.error) {
      const message = describe(vm.dump(result.error));
      result.error.dispose();
      throw classify(message, Date.now() >= deadline, limits);
    }
    // Serialise inside the sandbox so the host only ever parses plain JSON text.
    vm.setProp(vm.global, '__result', result.value);
    result.value.dispose();
    const out = vm.evalCode('JSON.stringify(__result === undefined ? null : __result)');
    if (out.error) {
      const message = describe(vm.dump(out.error));
      out.error.dispose();
      throw classify(message, Date.now() >= deadline, limits);
    }
    const text: unknown = vm.dump(out.value);
    out.value.dispose();
    if (typeof text !== 'string')
      throw new JavaScriptError('output', 'JavaScript returned a value that is not JSON');
    return JSON.parse(text) as unknown;
  } catch (e) {
    if (e instanceof JavaScriptError) throw e;
    // QuickJS itself may throw when a limit is hit while the host reads a value.
    throw classify(e instanceof Error ? e.message : String(e), Date.now() >= deadline, limits);
  } finally {
    vm.dispose();
    runtime.dispose();
  }
}

/** Why `code` does not compile (a syntax error), or undefined; nothing is run. For saving specs. */
export async function javaScriptSyntaxProblem(code: string): Promise<string | undefined> {
  const { QuickJS, shouldInterruptAfterDeadline } = await quickjs();
  const runtime = QuickJS.newRuntime();
  runtime.setMemoryLimit(DEFAULT_JS_LIMITS.memoryBytes);
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + DEFAULT_JS_LIMITS.timeoutMs));
  const vm = runtime.newContext();
  try {
    const result = vm.evalCode(code, 'transform.js', { compileOnly: true });
    if (!result.error) {
      result.value.dispose();
      return undefined;
    }
    const message = describe(vm.dump(result.error));
    result.error.dispose();
    return message;
  } finally {
    vm.dispose();
    runtime.dispose();
  }
}
