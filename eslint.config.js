import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import opsdeck from './eslint-rules/no-cycle.js';
import globals from 'globals';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * Web import boundaries (docs/development.md, "Web layout"): app -> features -> (platform, ui, api,
 * lib, auth, test) -> @opsdeck/shared. Each area in `features/` gets its own zone, so a new area is
 * covered as soon as its folder exists.
 */
const web = 'apps/web/src';
const webAreas = fs
  .readdirSync(path.join(root, web, 'features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const webShared = ['platform', 'ui', 'api', 'lib', 'auth', 'test'];

const webBoundaries = {
  files: [`${web}/**/*.{ts,tsx}`],
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        basePath: root,
        zones: [
          ...webAreas.map((area) => ({
            target: `${web}/features/${area}`,
            from: `${web}/features`,
            except: [`./${area}`],
            message:
              'A feature does not import another feature: move the shared piece into src/ui, src/lib or src/platform, or link to the other area by URL.',
          })),
          {
            target: `${web}/features`,
            from: `${web}/app`,
            message:
              'Features do not import the app shell: what they need (FeatureModule, lazyPage, …) lives in src/platform.',
          },
          ...webShared.map((layer) => ({
            target: `${web}/${layer}`,
            from: [`${web}/features`, `${web}/app`],
            message: `src/${layer} sits below the features and the app shell and must not import them.`,
          })),
        ],
      },
    ],
  },
};

/**
 * Server import boundaries (docs/development.md, "Server layout"): the composition root (main.ts,
 * server.ts, app.ts, domains.ts) -> domains -> shared infrastructure -> @opsdeck/shared. Every
 * folder of the server that is not infrastructure is a domain, so a new domain is covered as soon
 * as its folder exists; other code reaches a domain only through its index.ts.
 */
const server = 'apps/server/src';
const serverInfraDirs = ['db', 'expr', 'jobs', 'lib', 'net', 'platform', 'sandbox', 'seed'];
const serverRootFiles = ['main.ts', 'server.ts', 'app.ts', 'domains.ts'];
const serverEntries = fs.readdirSync(path.join(root, server), { withFileTypes: true });
const serverDomains = serverEntries
  .filter((d) => d.isDirectory() && !serverInfraDirs.includes(d.name))
  .map((d) => d.name);
// config.ts, context.ts, access.ts, …: below the domains, like the infrastructure folders.
const serverInfraFiles = serverEntries
  .filter((d) => d.isFile() && d.name.endsWith('.ts') && !serverRootFiles.includes(d.name))
  .map((d) => d.name);
const serverInfra = [...serverInfraDirs, ...serverInfraFiles].map((p) => `${server}/${p}`);

const serverBoundaries = {
  files: [`${server}/**/*.ts`],
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        basePath: root,
        zones: [
          ...serverDomains.map((domain) => ({
            target: [
              ...serverDomains.filter((d) => d !== domain).map((d) => `${server}/${d}`),
              ...serverInfra,
              ...serverRootFiles.map((f) => `${server}/${f}`),
            ],
            from: `${server}/${domain}`,
            except: ['./index.ts'],
            message: `Other code uses the ${domain} domain only through ${domain}/index.ts: export what you need from there, or move a helper both need below the domains (src/lib, src/platform).`,
          })),
          {
            target: serverInfra,
            from: [...serverDomains, ...serverRootFiles].map((p) => `${server}/${p}`),
            message:
              'Shared infrastructure sits below the domains and must not import them: take what a domain provides as a parameter (see DomainModule in platform/domain.ts).',
          },
          {
            target: serverDomains.map((d) => `${server}/${d}`),
            from: serverRootFiles.map((f) => `${server}/${f}`),
            message:
              'A domain does not import the composition root (main.ts, server.ts, app.ts, domains.ts): it reaches other domains through their index.ts.',
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '.tmp/**',
      '.catalog-scratch/**',
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Import resolution for the boundary rules: `./x.js` specifiers resolve to `x.ts(x)` as tsc does.
  {
    files: ['apps/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/web/tsconfig.json', 'apps/server/tsconfig.json'].map((p) => path.join(root, p)),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
  },
  webBoundaries,
  serverBoundaries,
  // No import cycles in any tree, type-only imports included (eslint-rules/no-cycle.js says why).
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts', 'packages/shared/src/**/*.ts'],
    plugins: { opsdeck },
    rules: { 'opsdeck/no-cycle': 'error' },
  },
);
