import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // PGlite instances, PostgreSQL databases and happy-dom are heavy: two files at once on 2 cores.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        define: { __APP_VERSION__: JSON.stringify('0.0.0-test') },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Component tests render lazy routes and wait out debounces on a shared machine.
          testTimeout: 20_000,
          // Its ESM build uses extensionless imports that only a bundler resolves.
          server: { deps: { inline: ['codemirror-json-schema'] } },
        },
      },
    ],
  },
});
