import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

export type PgliteAssets = { pgliteWasmModule: WebAssembly.Module; fsBundle: Blob };

let assets: Promise<PgliteAssets> | undefined;

/** The runtime's WebAssembly (the ES2023 library this project compiles with declares no value for it). */
const wasm = (
  globalThis as unknown as {
    WebAssembly: { compile(bytes: Uint8Array): Promise<PgliteAssets['pgliteWasmModule']> };
  }
).WebAssembly;

/**
 * PGlite's PostgreSQL (a 9 MB WebAssembly module) compiled, and its file-system bundle read,
 * once per process. Started as the process starts (main.ts), the compilation runs on V8's
 * background threads while the rest of the server is loaded; every later PGlite (tests open
 * many) reuses the module instead of compiling it again.
 */
export function pgliteAssets(): Promise<PgliteAssets> {
  if (!assets) {
    const dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    assets = Promise.all([
      fs.readFile(path.join(dir, 'pglite.wasm')).then((bytes) => wasm.compile(bytes)),
      fs.readFile(path.join(dir, 'pglite.data')).then((bytes) => new Blob([bytes])),
    ]).then(([pgliteWasmModule, fsBundle]) => ({ pgliteWasmModule, fsBundle }));
    // A failure here is not the start's: openPglite then lets PGlite load the files itself.
    assets.catch(() => (assets = undefined));
  }
  return assets;
}
