import { describe, expect, it } from 'vitest';
import { loginTitle } from '../pages/LoginPage.js';
import type { Flow, FlowAnswer } from './flows.js';
import { errorAction, FLOW_ERROR_TEXT } from './useFlow.js';

type ErrorAnswer = Extract<FlowAnswer, { kind: 'error' }>;
const err = (status: number, id?: string, redirectTo?: string): ErrorAnswer => ({
  kind: 'error',
  status,
  id,
  message: 'server text',
  redirectTo,
});

describe('identity flow errors', () => {
  it('restarts expired and CSRF-violating flows with the exact texts', () => {
    expect(errorAction('login', err(410, 'self_service_flow_expired'), '/login')).toEqual({
      do: 'restart',
      notice: FLOW_ERROR_TEXT.expired,
    });
    expect(errorAction('login', err(403, 'security_csrf_violation'), '/login')).toEqual({
      do: 'restart',
      notice: 'A security violation was detected, please fill out the form again.',
    });
    expect(errorAction('login', err(410), '/login')).toMatchObject({ do: 'restart' });
    expect(errorAction('login', err(400, 'self_service_flow_return_to_forbidden'), '/login')).toEqual({
      do: 'restart',
      notice: 'The return_to address is not allowed.',
      dropReturnTo: true,
    });
  });

  it('follows the server to the second factor, home, or a fresh sign-in', () => {
    expect(errorAction('login', err(422, 'browser_location_change_required', '/x'), '/')).toEqual({
      do: 'go',
      to: '/x',
      reload: true,
    });
    expect(errorAction('login', err(400, 'session_already_available'), '/')).toMatchObject({ to: '/' });
    expect(errorAction('settings', err(403, 'session_refresh_required'), '/profile-settings')).toMatchObject({
      to: '/login?refresh=true&return_to=%2Fprofile-settings',
    });
    expect(errorAction('settings', err(401, 'session_inactive'), '/p')).toMatchObject({
      to: '/login?return_to=%2Fp',
    });
  });

  it('reloads the verification page on 410 and 403', () => {
    expect(errorAction('verification', err(410), '/verification?flow=1')).toEqual({
      do: 'go',
      to: '/verification',
      reload: true,
    });
    expect(errorAction('verification', err(403, 'security_csrf_violation'), '/v')).toMatchObject({
      to: '/verification',
    });
  });
});

describe('login title', () => {
  const flow = (extra: Partial<Flow>): Flow => ({ id: '1', ui: { nodes: [], messages: [] }, ...extra });
  it('names the variant', () => {
    expect(loginTitle(flow({}))).toBe('Sign In to your account');
    expect(loginTitle(flow({ refresh: true }))).toBe('Confirm Action');
    expect(loginTitle(flow({ requested_aal: 'aal2' }))).toBe('Two-Factor Authentication');
  });
});
