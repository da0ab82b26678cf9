import { describe, expect, it } from 'vitest';
import {
  EMPTY_RULE,
  formToColumns,
  recipientOf,
  ruleFormSchema,
  ruleToForm,
  switchRecipientTab,
} from './ruleForm.js';
import { isExpired, silenceBody, silenceFormFromQuery } from './silenceForm.js';

describe('rule form', () => {
  it('reads each stored recipient back into its tab', () => {
    const none = { person_id: null, team_id: null, custom_services: null };
    expect(recipientOf({ ...none, team_id: 't1' })).toMatchObject({ recipientTab: 'team', team_id: 't1' });
    expect(recipientOf({ ...none, custom_services: [{ url: 'smtp://system/?To=a%40b.io' }] })).toMatchObject({
      recipientTab: 'others',
      otherKind: 'email',
      otherValue: 'a@b.io',
    });
    expect(
      recipientOf({ ...none, custom_services: [{ connection: 'connection://default/slack' }] }),
    ).toMatchObject({
      otherKind: 'connection',
      otherValue: 'connection://default/slack',
    });
    expect(recipientOf({ ...none, custom_services: [{ url: 'ntfy://ntfy.sh/ops' }] })).toMatchObject({
      otherKind: 'url',
      otherValue: 'ntfy://ntfy.sh/ops',
    });
  });

  it('reads and writes a playbook recipient in the Others tab', () => {
    const none = { person_id: null, team_id: null, custom_services: null };
    const form = recipientOf({ ...none, playbook_ref: 'ops/diagnose-configs' });
    expect(form).toMatchObject({
      recipientTab: 'others',
      otherKind: 'playbook',
      otherValue: 'ops/diagnose-configs',
    });
    const cols = formToColumns({ ...EMPTY_RULE, ...form, name: 'r', events: ['config.unhealthy'] });
    expect(cols).toMatchObject({
      playbook_ref: 'ops/diagnose-configs',
      custom_services: null,
      person_id: null,
    });
    expect(formToColumns({ ...EMPTY_RULE, person_id: 'p1' })).toMatchObject({ playbook_ref: null });
  });

  it('keeps only the chosen tab’s recipient', () => {
    const values = { ...EMPTY_RULE, person_id: 'p1', team_id: 't1', otherValue: 'x' };
    expect(switchRecipientTab(values, 'team')).toMatchObject({ person_id: '', team_id: '', otherValue: '' });
    const cols = formToColumns({ ...values, recipientTab: 'team' });
    expect(cols).toMatchObject({ person_id: null, team_id: 't1', custom_services: null });
  });

  it("reads Mission Control's component.status.* spellings as the events they stand for", () => {
    const row = {
      id: 'r1',
      name: 'component-error-or-warning',
      namespace: 'default',
      events: ['component.status.error', 'component.status.warning', 'component.warning'],
      title: null,
      template: null,
      filter: null,
      person_id: null,
      team_id: null,
      custom_services: [{ connection: 'connection://Slack/incident-notifications' }],
      repeat_interval: null,
      wait_for: null,
      source: 'UI',
      error: null,
      created_at: null,
      updated_at: null,
      created_by: null,
      pending: 0,
      failed: 0,
      sent: 0,
      avg_duration_ms: null,
      most_common_error: null,
    };
    expect(ruleToForm(row).events).toEqual(['component.error', 'component.warning']);
  });

  it('refuses a repeat interval under a minute with the spec message', () => {
    const base = { ...EMPTY_RULE, name: 'r', events: ['check.failed'], person_id: 'p1' };
    const short = ruleFormSchema.safeParse({ ...base, repeat_interval: '30s' });
    expect(short.error?.issues[0]?.message).toBe('Duration must be greater than 1 minute');
    expect(ruleFormSchema.safeParse({ ...base, repeat_interval: '5m' }).success).toBe(true);
  });
});

describe('silence form', () => {
  it('takes the resource from the query string of the Silence links', () => {
    expect(silenceFormFromQuery(new URLSearchParams('component_id=c1'))).toMatchObject({
      resourceType: 'component',
      resourceId: 'c1',
    });
    expect(
      silenceBody({ ...silenceFormFromQuery(new URLSearchParams('config_id=k1')), duration: '1d' }),
    ).toMatchObject({
      config_id: 'k1',
      from: 'now',
      until: 'now+1d',
    });
  });

  it('is expired once until is in the past', () => {
    const now = new Date('2026-11-01T12:00:00Z');
    expect(isExpired({ until: '2026-11-01T11:59:59Z' }, now)).toBe(true);
    expect(isExpired({ until: '2026-11-01T12:00:01Z' }, now)).toBe(false);
    expect(isExpired({ until: null }, now)).toBe(false);
  });
});
