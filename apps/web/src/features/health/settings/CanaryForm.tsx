import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { stringify } from 'yaml';
import { useHasPermission } from '../../../auth/permissions.js';
import { parseYamlObject } from '../../../lib/yaml.js';
import { CodeField, SpecField } from '../../../ui/CodeEditor/CodeField.js';
import { FormField } from '../../../ui/FormField.js';
import { ResourceForm } from '../../../ui/ResourceForm.js';
import { useResourceMutations } from '../../../ui/useResourceMutations.js';
import {
  createCanary,
  deleteCanary,
  RESOURCE_NAME,
  SCHEDULE_OPTIONS,
  updateCanary,
  type CanaryInput,
  type CanaryRow,
} from './canaryApi.js';
import { canaryFormSchema, type CanaryFormValues } from './canaryForm.js';

export const CANARY_SCHEMA_URL = '/api/schemas/canary.schema.json';

function toValues(row: CanaryRow | undefined): CanaryFormValues {
  if (!row) return { name: '', namespace: 'default', labels: '{}', schedule: '@every 5m', spec: '' };
  const spec = { ...((row.spec ?? {}) as Record<string, unknown>) };
  return {
    name: row.name,
    namespace: row.namespace ?? '',
    labels: JSON.stringify(row.labels ?? {}, null, 2),
    schedule: row.schedule ?? '',
    spec: stringify(spec),
  };
}

/** The form's values as the row to store; the dropdown's schedule is written into the spec too. */
function toInput(v: CanaryFormValues, editing: boolean): CanaryInput {
  const spec = parseYamlObject(v.spec) ?? {};
  const schedule = v.schedule || null;
  if (schedule) {
    if (spec.kind === 'Canary' && typeof spec.spec === 'object' && spec.spec !== null)
      (spec.spec as Record<string, unknown>).schedule = schedule;
    else spec.schedule = schedule;
  }
  const labels = v.labels.trim() ? (JSON.parse(v.labels) as Record<string, unknown>) : {};
  return editing
    ? { labels, schedule, spec }
    : { name: v.name.trim(), namespace: v.namespace.trim() || 'default', labels, schedule, spec };
}

/** The generic resource form for canaries: Name, Namespace, Labels, Schedule, Spec. */
export function CanaryForm({ row }: { row?: CanaryRow }) {
  const editing = row !== undefined;
  const canWrite = useHasPermission('canaries', 'write');
  const form = useForm<CanaryFormValues>({
    resolver: zodResolver(canaryFormSchema),
    defaultValues: toValues(row),
    mode: 'onSubmit',
  });
  const errors = form.formState.errors;

  const mutations = useResourceMutations({
    resourceName: RESOURCE_NAME,
    listHref: '/settings/canaries',
    editing,
    save: async (v: CanaryFormValues) => {
      const input = toInput(v, editing);
      if (row) {
        await updateCanary(row.id, input);
        return row.id;
      }
      return createCanary(input);
    },
    remove: () => deleteCanary(row?.id ?? ''),
  });
  const readOnly = !canWrite;
  // Name and namespace identify a stored canary: they are set once.
  const locked = editing || readOnly;

  return (
    <ResourceForm
      label="Health check"
      resourceName={RESOURCE_NAME}
      editing={editing}
      canWrite={canWrite}
      deleteQuestion={`Delete '${row?.name ?? ''}' and stop running its checks?`}
      form={form}
      mutations={mutations}
    >
      <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
        <FormField label="Name" error={errors.name?.message}>
          <input className="input" aria-label="Name" disabled={locked} {...form.register('name')} />
        </FormField>
        <FormField label="Namespace" error={errors.namespace?.message}>
          <input className="input" aria-label="Namespace" disabled={locked} {...form.register('namespace')} />
        </FormField>
        <FormField label="Schedule" error={errors.schedule?.message}>
          <select className="input" aria-label="Schedule" disabled={readOnly} {...form.register('schedule')}>
            <option value="">None</option>
            {SCHEDULE_OPTIONS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <CodeField
        control={form.control}
        name="labels"
        label="Labels"
        language="json"
        height="90px"
        readOnly={readOnly}
      />
      <SpecField control={form.control} schemaUrl={CANARY_SCHEMA_URL} height="380px" readOnly={readOnly} />
    </ResourceForm>
  );
}
