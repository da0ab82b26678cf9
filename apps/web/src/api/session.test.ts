import { describe, expect, it } from 'vitest';
import { authCheckerUrl } from './session.js';

describe('auth redirect', () => {
  it('carries the path to return to', () => {
    expect(authCheckerUrl('/settings/jobs?a=1')).toBe(
      '/auth-state-checker?return_to=%2Fsettings%2Fjobs%3Fa%3D1',
    );
  });
});
