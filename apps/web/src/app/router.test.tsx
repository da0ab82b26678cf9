import { describe, expect, it } from 'vitest';
import { appRoutes } from './router.js';

describe('the route tree', () => {
  it('gives every top-level route a hydrate fallback (React Router warns without one)', () => {
    const missing = appRoutes()
      .filter((r) => !r.hydrateFallbackElement)
      .map((r) => r.path);
    expect(missing).toEqual([]);
  });
});
