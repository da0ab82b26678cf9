import { describe, expect, it } from 'vitest';
import { can, effectiveRoles, highestRole, permissionsFor } from './rbac.js';
import { RESOURCES } from './resources.js';

describe('permission matrix', () => {
  it('lets admin read and write everything', () => {
    for (const r of RESOURCES) {
      expect(can(['admin'], r, 'read')).toBe(true);
      expect(can(['admin'], r, 'write')).toBe(true);
    }
  });

  it('keeps editors away from writing connections, identities and rbac only', () => {
    const denied = RESOURCES.filter((r) => !can(['editor'], r, 'write'));
    expect(denied.sort()).toEqual(['connections', 'identities', 'rbac']);
    expect(RESOURCES.every((r) => can(['editor'], r, 'read'))).toBe(true);
  });

  it('lets commanders and responders write only incident-response resources', () => {
    for (const role of ['commander', 'responder']) {
      expect(RESOURCES.filter((r) => can([role], r, 'write')).sort()).toEqual([
        'comments',
        'evidences',
        'incident',
        'responder',
      ]);
      expect(RESOURCES.filter((r) => !can([role], r, 'read')).sort()).toEqual([
        'connections',
        'identities',
        'rbac',
      ]);
    }
  });

  it('treats no role or unknown roles as viewer: reads like a commander, writes nothing', () => {
    for (const roles of [[], ['nonsense'], ['viewer']]) {
      expect(RESOURCES.some((r) => can(roles, r, 'write'))).toBe(false);
      expect(can(roles, 'canaries', 'read')).toBe(true);
      expect(can(roles, 'identities', 'read')).toBe(false);
    }
    expect(effectiveRoles([])).toEqual(['viewer']);
  });

  it('unions several roles and lists permissions as resource:action strings', () => {
    expect(can(['viewer', 'responder'], 'incident', 'write')).toBe(true);
    expect(permissionsFor(['viewer'])).toContain('canaries:read');
    expect(permissionsFor(['viewer'])).not.toContain('canaries:write');
    expect(permissionsFor(['admin'])).toHaveLength(RESOURCES.length * 2);
    expect(highestRole(['viewer', 'editor'])).toBe('editor');
  });
});
