import { describe, expect, it } from 'vitest';
import { feature } from './routes.js';

describe('incidents feature module', () => {
  it('serves the list and one incident, with a main sidebar entry between Health and Catalog', () => {
    expect(feature.routes?.map((r) => r.path)).toEqual(['incidents', 'incidents/:id']);
    const nav = feature.nav?.[0];
    expect(nav).toMatchObject({
      label: 'Incidents',
      href: '/incidents',
      resource: 'incident',
      section: 'main',
    });
    expect(nav?.order).toBeGreaterThan(20);
    expect(nav?.order).toBeLessThan(40);
  });
});
