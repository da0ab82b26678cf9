import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The server's import boundaries of eslint.config.js, and the import-cycle rule of the server and
 * packages/shared, checked on snippets linted as if they stood at a path inside the tree (the
 * imported modules are real files, so the resolver finds them).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const src = (file: string) => path.join(repoRoot, 'apps/server/src', file);

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function problemsAt(
  filePath: string,
  code: string,
): Promise<Array<{ ruleId: string | null; message: string }>> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

const problems = (file: string, code: string) => problemsAt(src(file), code);

const cycle = (chain: string) => [
  { ruleId: 'opsdeck/no-cycle', message: expect.stringContaining(`Import cycle: ${chain}.`) },
];

const restricted = (text: string) => [
  { ruleId: 'import-x/no-restricted-paths', message: expect.stringContaining(text) },
];

describe('server import boundaries', () => {
  it("lets a domain use another domain's index.ts, its own files and the infrastructure", async () => {
    const code = [
      "import { catalogDomain } from '../catalog/index.js';",
      "import type { Db } from '../db/types.js';",
      "import { jsonPathValue } from '../lib/jsonpath.js';",
      "import { specResourceWriteHook } from '../platform/spec-resource-hook.js';",
      "import { topologyJobs } from './jobs.js';",
      'export type Used = Db;',
      'export const used = [catalogDomain, jsonPathValue, specResourceWriteHook, topologyJobs];',
    ].join('\n');
    expect(await problems('topology/fixture.ts', code)).toEqual([]);
  });

  it("fails a domain that imports another domain's file other than its index.ts", async () => {
    const code = "import { catalogRoutes } from '../catalog/routes.js';\nexport const used = catalogRoutes;";
    expect(await problems('topology/fixture.ts', code)).toEqual(
      restricted('uses the catalog domain only through catalog/index.ts'),
    );
  });

  it("fails the app importing a domain's file other than its index.ts", async () => {
    const code = "import { healthRoutes } from './health/routes.js';\nexport const used = healthRoutes;";
    expect(await problems('app.ts', code)).toEqual(
      restricted('uses the health domain only through health/index.ts'),
    );
  });

  it.each([
    ['db/fixture.ts', "import { healthDomain as used } from '../health/index.js';"],
    ['platform/fixture.ts', "import { domains as used } from '../domains.js';"],
    ['context.ts', "import { rbacDataAccess as used } from './auth/index.js';"],
  ])('fails infrastructure (%s) importing a domain or the domain list', async (file, importLine) => {
    // context.ts importing a domain closes a cycle as well (every domain imports context.ts).
    const boundary = (await problems(file, `${importLine}\nexport { used };`)).filter(
      (p) => p.ruleId !== 'opsdeck/no-cycle',
    );
    expect(boundary).toEqual(restricted('Shared infrastructure sits below the domains'));
  });

  it('fails a domain that imports the composition root', async () => {
    const code = "import { domains } from '../domains.js';\nexport const used = domains;";
    expect(await problems('health/fixture.ts', code)).toEqual(
      restricted('A domain does not import the composition root'),
    );
  });
});

describe('import cycles in the server and packages/shared', () => {
  it.each([
    // topology/build.ts imports template.ts: template.ts importing the builder closes the loop.
    [
      'a value import',
      'apps/server/src/topology/template.ts',
      "import { Builder } from './build.js';\nexport const used = Builder;",
      'template.ts → build.ts → template.ts',
    ],
    // pipeline.ts imports event-scope.ts: event-scope.ts taking a type from the pipeline closes
    // the loop, as constraints.ts once did through EventScope.
    [
      'a type-only import',
      'apps/server/src/notifications/event-scope.ts',
      "import type { handleNotificationEvent as used } from './pipeline.js';\nexport type { used };",
      'event-scope.ts → pipeline.ts → event-scope.ts',
    ],
    // canary-spec.ts builds on check-schemas/base.ts: base.ts reaching back for a type closes the
    // loop check-schemas once had with canary-spec.ts.
    [
      'a type-only import in packages/shared',
      'packages/shared/src/health/check-schemas/base.ts',
      "import type { CanarySpec as used } from '../canary-spec.js';\nexport type { used };",
      'base.ts → ../canary-spec.ts → base.ts',
    ],
  ])('fails an import cycle through %s', async (_what, file, code, chain) => {
    expect(await problemsAt(path.join(repoRoot, file), code)).toEqual(cycle(chain));
  });
});
