import { readFileSync } from 'node:fs';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress.js';
import { preloadShell } from './vite-preload-shell.js';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadShell(), precompress()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // The shared package's modules only declare schemas and functions: a page that uses
      // one of them does not need the others (without this, any import brings all of them).
      treeshake: { moduleSideEffects: (id) => !id.includes('/packages/shared/') },
    },
  },
});
