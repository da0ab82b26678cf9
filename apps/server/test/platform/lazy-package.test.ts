import { describe, expect, it } from 'vitest';
import { lazyPackage, PackageLoadError } from '../../src/lib/lazy-package.js';
import { loadPg } from '../../src/lib/packages.js';

describe('packages loaded on first use', () => {
  it('a package that cannot be loaded fails the work that needed it with an error naming the package', async () => {
    const missing: string = 'opsdeck-no-such-package';
    const load = lazyPackage(missing, () => import(missing));
    const failure = await load().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PackageLoadError);
    expect((failure as Error).message).toMatch(
      /^the npm package "opsdeck-no-such-package" could not be loaded \(.*opsdeck-no-such-package.*\); reinstall Opsdeck with its dependencies \(npm ci\)$/,
    );
    // Not remembered: a repaired install is used by the next call.
    await expect(load()).rejects.toBeInstanceOf(PackageLoadError);
  });

  it('a package is imported once and the same module handed out afterwards', async () => {
    let imports = 0;
    const load = lazyPackage('node:path', async () => {
      imports++;
      return import('node:path');
    });
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toBe(b);
    expect(await load()).toBe(a);
    expect(imports).toBe(1);
  });

  it('pg, loaded on first use, still reads int8 as a number (as PGlite does)', async () => {
    const pg = await loadPg();
    expect(pg.types.getTypeParser(20)('9007199254740991')).toBe(9007199254740991);
  });
});
