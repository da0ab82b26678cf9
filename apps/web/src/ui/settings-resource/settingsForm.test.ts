import { describe, expect, it } from 'vitest';
import {
  formInput,
  LABELS_ERROR,
  settingsFormSchema,
  SPEC_NOT_OBJECT,
  type SettingsFormValues,
} from './settingsForm.js';
import type { SettingsTable } from './types.js';

const table: SettingsTable = {
  table: 'topologies',
  title: 'Topologies',
  resourceName: 'Topology',
  resource: 'topologies',
  feature: 'settings.topology',
  columns: ['name'],
  fields: ['namespace', 'labels', 'schedule'],
  hasAgent: true,
};
const values: SettingsFormValues = {
  name: ' payments ',
  icon: '',
  namespace: '',
  labels: '{"team": "payments"}',
  schedule: '@every 5m',
  spec: 'type: Service\n',
};

function messages(v: SettingsFormValues, check?: SettingsTable['checkSpec']): Record<string, string> {
  const res = settingsFormSchema(check).safeParse(v);
  if (res.success) return {};
  return Object.fromEntries(res.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the generic resource form', () => {
  it('asks for a name, JSON labels and a YAML object as spec', () => {
    expect(messages({ ...values, name: '  ' })).toEqual({ name: 'This field is required' });
    expect(messages({ ...values, labels: 'team: payments' })).toEqual({ labels: LABELS_ERROR });
    expect(messages({ ...values, labels: '["a"]' })).toEqual({ labels: LABELS_ERROR });
    expect(messages({ ...values, spec: '- a\n- b\n' })).toEqual({ spec: SPEC_NOT_OBJECT });
    expect(messages({ ...values, spec: '' })).toEqual({});
    expect(messages(values, () => 'type: must be a string')).toEqual({ spec: 'type: must be a string' });
  });

  it('sends name and namespace only on create, and writes the schedule into the spec', () => {
    expect(formInput(table, values, false)).toEqual({
      name: 'payments',
      namespace: 'default',
      labels: { team: 'payments' },
      schedule: '@every 5m',
      spec: { type: 'Service', schedule: '@every 5m' },
    });
    const document = {
      ...values,
      spec: 'kind: Topology\nmetadata: {name: payments}\nspec: {type: Service}\n',
    };
    expect(formInput(table, document, true)).toEqual({
      labels: { team: 'payments' },
      schedule: '@every 5m',
      spec: {
        kind: 'Topology',
        metadata: { name: 'payments' },
        spec: { type: 'Service', schedule: '@every 5m' },
      },
    });
    expect(formInput({ ...table, fields: [] }, { ...values, schedule: '' }, true)).toEqual({
      spec: { type: 'Service' },
    });
  });
});
