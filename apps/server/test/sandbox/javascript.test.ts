import { describe, expect, it } from 'vitest';
import { JavaScriptError, javaScriptSyntaxProblem, runJavaScript } from '../../src/sandbox/javascript.js';

describe('JavaScript sandbox (QuickJS in WebAssembly)', () => {
  it('passes variables in as JSON and returns the last expression as JSON', async () => {
    const out = await runJavaScript('config.map((c) => ({ id: String(c.id), twice: c.n * 2 }))', {
      config: [
        { id: 1, n: 2 },
        { id: 2, n: 5 },
      ],
    });
    expect(out).toEqual([
      { id: '1', twice: 4 },
      { id: '2', twice: 10 },
    ]);
  });

  it('returns a string result as a string (config-db transforms end with JSON.stringify)', async () => {
    const out = await runJavaScript('config.added = "a"; JSON.stringify(config)', { config: { id: 1 } });
    expect(out).toBe('{"id":1,"added":"a"}');
  });

  it('sees no Node APIs and no state from an earlier call', async () => {
    await runJavaScript('globalThis.leak = 1; 0', {});
    expect(await runJavaScript('[typeof require, typeof process, typeof leak, typeof fetch]', {})).toEqual([
      'undefined',
      'undefined',
      'undefined',
      'undefined',
    ]);
  });

  it('stops an infinite loop at the time limit with a clear error', async () => {
    const started = Date.now();
    const err = await runJavaScript('while (true) {}', {}, { timeoutMs: 300 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(JavaScriptError);
    expect((err as JavaScriptError).kind).toBe('timeout');
    expect((err as Error).message).toBe('JavaScript ran longer than 0.3s and was stopped');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('stops a huge allocation at the memory limit, and the next call still works', async () => {
    const err = await runJavaScript(
      'const a = []; for (let i = 0; i < 1e8; i++) a.push({ i }); a.length',
      {},
      { memoryBytes: 16 * 1024 * 1024, timeoutMs: 10_000 },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(JavaScriptError);
    expect((err as JavaScriptError).kind).toBe('memory');
    expect((err as Error).message).toMatch(/^JavaScript used more than 16 MiB and was stopped/);
    expect(await runJavaScript('1 + 1', {})).toBe(2);
  });

  it('stops one huge string at the default 64 MiB limit', async () => {
    const err = await runJavaScript('"x".repeat(256 * 1024 * 1024).length', {}).catch((e: unknown) => e);
    expect((err as JavaScriptError).kind).toBe('memory');
    expect((err as Error).message).toMatch(/^JavaScript used more than 64 MiB and was stopped/);
  });

  it('reports thrown errors and syntax errors with their message', async () => {
    await expect(runJavaScript('throw new TypeError("bad input")', {})).rejects.toThrow(
      'JavaScript failed: TypeError: bad input',
    );
    await expect(runJavaScript('config.', { config: {} })).rejects.toThrow(/^JavaScript failed: SyntaxError/);
  });

  it('checks syntax without running the code', async () => {
    expect(await javaScriptSyntaxProblem('while (true) {}')).toBeUndefined();
    expect(await javaScriptSyntaxProblem('JSON.stringify(config.map((c) => c.id))')).toBeUndefined();
    expect(await javaScriptSyntaxProblem('for (;;')).toMatch(/^SyntaxError: /);
  });
});
