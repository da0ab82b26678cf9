import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The server's import boundaries of eslint.config.js, checked on snippets linted as if they stood
 * at a path inside apps/server/src (the imported modules are real files, so the resolver finds them).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const src = (file: string) => path.join(repoRoot, 'apps/server/src', file);

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

  it('fails an import cycle', async () => {
    // topology/build.ts imports template.ts: template.ts importing the builder closes the loop.
    const code = [
      "import { Builder } from './build.js';",
      'export const renderTemplate = <T>(value: T): T => value;',
      'export const used = Builder;',
    ].join('\n');
    expect(await problems('topology/template.ts', code)).toEqual(
      cycle('template.ts → build.ts → template.ts'),
    );
  });

  it('fails an import cycle made of a type-only import', async () => {
    // pipeline.ts imports event-scope.ts: event-scope.ts taking a type from the pipeline closes
    // the loop, as constraints.ts once did through EventScope.
    const code = [
      "import type { handleNotificationEvent } from './pipeline.js';",
      'export type Handler = typeof handleNotificationEvent;',
    ].join('\n');
    expect(await problems('notifications/event-scope.ts', code)).toEqual(
      cycle('event-scope.ts → pipeline.ts → event-scope.ts'),
    );
  });
});

describe('packages/shared imports', () => {
  const shared = (file: string) => path.join(repoRoot, 'packages/shared/src', file);

  it('fails an import cycle, type-only imports included', async () => {
    // canary-spec.ts builds on check-schemas/base.ts: base.ts reaching back for a type closes the
    // loop that check-schemas once had with canary-spec.ts.
    const code = [
      "import type { CanarySpec } from '../canary-spec.js';",
      'export type Spec = CanarySpec;',
    ].join('\n');
    const [result] = await eslint.lintText(code, { filePath: shared('health/check-schemas/base.ts') });
    expect(result?.messages.map(({ ruleId, message }) => ({ ruleId, message }))).toEqual(
      cycle('base.ts → ../canary-spec.ts → base.ts'),
    );
  });
});
