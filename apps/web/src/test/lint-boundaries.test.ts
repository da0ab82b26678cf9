import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries of eslint.config.js, checked on snippets linted as if they stood at a
 * path inside the web tree (the imported modules are real files, so the resolver finds them).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const src = (file: string) => path.join(repoRoot, 'apps/web/src', file);

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function problems(
  file: string,
  code: string,
): Promise<Array<{ ruleId: string | null; message: string }>> {
  const [result] = await eslint.lintText(code, { filePath: src(file) });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

describe('web import boundaries', () => {
  it('lets a feature use its own files and the layers below it', async () => {
    const code = [
      "import { lazyPage } from '../../platform/lazyPage.js';",
      "import { Badge } from '../../ui/Badge.js';",
      "import { cn } from '../../lib/cn.js';",
      "import { serverWindow } from './lib/timeRange.js';",
      'export const used = [lazyPage, Badge, cn, serverWindow];',
    ].join('\n');
    expect(await problems('features/health/fixture.ts', code)).toEqual([]);
  });

  it('fails a feature that imports another feature', async () => {
    const code = [
      "import { CheckPanel } from '../../health/components/CheckPanel.js';",
      'export const used = CheckPanel;',
    ].join('\n');
    expect(await problems('features/topology/components/fixture.ts', code)).toEqual([
      {
        ruleId: 'import-x/no-restricted-paths',
        message: expect.stringContaining('A feature does not import another feature'),
      },
    ]);
  });

  it('fails a feature that imports the app shell', async () => {
    const code = "import { features } from '../../app/registry.js';\nexport const used = features;";
    expect(await problems('features/health/fixture.ts', code)).toEqual([
      {
        ruleId: 'import-x/no-restricted-paths',
        message: expect.stringContaining('Features do not import the app shell'),
      },
    ]);
  });

  it.each([
    ['ui/fixture.ts', "import { feature } from '../features/health/routes.js';"],
    ['lib/fixture.ts', "import { feature } from '../features/health/routes.js';"],
    ['api/fixture.ts', "import { features as feature } from '../app/registry.js';"],
  ])('fails %s importing a feature or the app shell', async (file, importLine) => {
    const layer = file.split('/')[0];
    expect(await problems(file, `${importLine}\nexport const used = feature;`)).toEqual([
      {
        ruleId: 'import-x/no-restricted-paths',
        message: expect.stringContaining(`src/${layer} sits below the features and the app shell`),
      },
    ]);
  });

  it.each([
    // ui/Badge.tsx imports lib/cn.ts: lib/cn.ts importing the badge closes the loop.
    [
      'a value import',
      'lib/cn.ts',
      "import { clsx } from 'clsx';\nimport { Badge } from '../ui/Badge.js';\nexport const cn = clsx;\nexport const used = Badge;",
      'cn.ts → ../ui/Badge.tsx → cn.ts',
    ],
    // api/keys.ts takes a type from api/types.ts: types.ts taking one back closes the loop.
    [
      'a type-only import',
      'features/health/api/types.ts',
      "import type { healthKeys as used } from './keys.js';\nexport type { used };",
      'types.ts → keys.ts → types.ts',
    ],
  ])('fails an import cycle through %s', async (_what, file, code, chain) => {
    expect(await problems(file, code)).toEqual([
      { ruleId: 'opsdeck/no-cycle', message: expect.stringContaining(`Import cycle: ${chain}.`) },
    ]);
  });
});
