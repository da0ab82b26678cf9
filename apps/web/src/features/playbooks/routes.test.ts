import { describe, expect, it } from 'vitest';
import type { ResourceActionContext } from '../../platform/resourceActions.js';
import { feature } from './routes.js';

describe('playbooks feature module', () => {
  it('serves the cards, the runs and one run, with a main sidebar entry read-gated on playbooks', () => {
    expect(feature.routes?.map((r) => r.path)).toEqual(['playbooks', 'playbooks/runs', 'playbooks/runs/:id']);
    expect(feature.nav?.[0]).toMatchObject({
      label: 'Playbooks',
      href: '/playbooks',
      resource: 'playbooks',
      section: 'main',
    });
  });

  it("offers 'Run playbook' on checks, configs and components to playbook writers only", () => {
    const action = feature.resourceActions?.find((a) => a.id === 'run-playbook');
    expect(action?.appliesTo).toEqual(['check', 'config', 'component']);
    const ctx = (write: boolean): ResourceActionContext => ({
      can: (resource, a) => resource === 'playbooks' && (a === 'read' || write),
      isDisabled: () => false,
    });
    expect(action?.visible?.(ctx(true))).toBe(true);
    expect(action?.visible?.(ctx(false))).toBe(false);
  });
});
