import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useHasPermission } from '../../../auth/permissions.js';
import { parseYamlObject } from '../../../lib/yaml.js';
import { SpecField } from '../../../ui/CodeEditor/CodeField.js';
import { FormField } from '../../../ui/FormField.js';
import { LabelsField } from '../../../ui/LabelsField.js';
import { ResourceForm } from '../../../ui/ResourceForm.js';
import { useResourceMutations } from '../../../ui/useResourceMutations.js';
import {
  createCanary,
  deleteCanary,
  CANARY_SCHEMA_URL,
  RESOURCE_NAME,
  updateCanary,
  type CanaryInput,
  type CanaryRow,
} from './canaryApi.js';
import {
  formTypeOf,
  OTHER_TYPE,
  specText,
  splitSchedule,
  withCheck,
  type CanaryTemplate,
  type CheckChoice,
} from './canaryDraft.js';
import { canaryFormSchema, type CanaryFormValues } from './canaryForm.js';
import { CanarySpecEditor } from './CanarySpecEditor.js';
import { CheckTypePicker } from './CheckTypePicker.js';
import { ScheduleControl } from './ScheduleControl.js';
import { tryCanary, type TryInput } from './tryApi.js';
import { TryResults } from './TryResults.js';

function toValues(row: CanaryRow | undefined): CanaryFormValues {
  if (!row) return { name: '', namespace: 'default', labels: '{}', schedule: '@every 5m', spec: '' };
  // The schedule has its own control, so it is not repeated in the YAML.
  const { spec, schedule } = splitSchedule({ ...((row.spec ?? {}) as Record<string, unknown>) });
  return {
    name: row.name,
    namespace: row.namespace ?? '',
    labels: JSON.stringify(row.labels ?? {}, null, 2),
    schedule: row.schedule ?? schedule ?? '',
    spec: specText(spec),
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

/**
 * The draft as Run once sends it: what the form holds now, in the Form or the Code view (both
 * edit the YAML). YAML that does not parse goes as text, so the server names the problem.
 */
function toTryInput(v: CanaryFormValues): TryInput {
  let labels: Record<string, unknown> = {};
  try {
    const parsed: unknown = v.labels.trim() ? JSON.parse(v.labels) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      labels = parsed as Record<string, unknown>;
  } catch {
    // The Labels field shows its own error; the try runs without labels.
  }
  return { namespace: v.namespace.trim() || 'default', labels, spec: parseYamlObject(v.spec) ?? v.spec };
}

/** A new check's spec: the chosen type with one check, or a template's check. */
function startSpec(type: CheckChoice, check: Record<string, unknown> = {}): string {
  return type === OTHER_TYPE ? '' : specText(withCheck({}, type, check));
}

/**
 * The canary form: Name, Namespace, Schedule, Labels and the spec. A new canary starts with
 * its check type (or a template); the spec of a type the form knows is edited as a form
 * generated from the JSON Schema or as YAML, other specs as YAML.
 */
export function CanaryForm({ row }: { row?: CanaryRow }) {
  const editing = row !== undefined;
  const canWrite = useHasPermission('canaries', 'write');
  const form = useForm<CanaryFormValues>({
    resolver: zodResolver(canaryFormSchema),
    defaultValues: toValues(row),
    // Checked on blur and on change; a submit marks every field touched (doc 3 §4).
    mode: 'all',
  });
  const [type, setType] = useState<CheckChoice | undefined>(() =>
    row ? (formTypeOf((row.spec ?? {}) as Record<string, unknown>) ?? OTHER_TYPE) : undefined,
  );
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
  // Run once: the draft's checks run on the server once, nothing stored (docs/health.md).
  const tryRun = useMutation({ mutationFn: tryCanary, meta: { silent: true } });
  const readOnly = !canWrite;
  // Name and namespace identify a stored canary: they are set once.
  const locked = editing || readOnly;

  if (type === undefined) {
    const start = (t: CheckChoice, check?: Record<string, unknown>) => {
      form.setValue('spec', startSpec(t, check));
      setType(t);
    };
    return (
      <CheckTypePicker onPick={(t) => start(t)} onTemplate={(t: CanaryTemplate) => start(t.type, t.check)} />
    );
  }

  return (
    <ResourceForm
      label="Health check"
      resourceName={RESOURCE_NAME}
      editing={editing}
      canWrite={canWrite}
      deleteQuestion={`Delete '${row?.name ?? ''}' and stop running its checks?`}
      form={form}
      mutations={mutations}
      {...(row ? { stored: { table: 'canaries', id: row.id } } : {})}
      extraActions={
        <button
          type="button"
          className="btn"
          disabled={tryRun.isPending}
          onClick={() => tryRun.mutate(toTryInput(form.getValues()))}
        >
          <Play className="size-3.5" aria-hidden /> {tryRun.isPending ? 'Running…' : 'Run once'}
        </button>
      }
    >
      <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
        <FormField label="Name" error={errors.name?.message}>
          <input className="input" aria-label="Name" disabled={locked} {...form.register('name')} />
        </FormField>
        <FormField label="Namespace" error={errors.namespace?.message}>
          <input className="input" aria-label="Namespace" disabled={locked} {...form.register('namespace')} />
        </FormField>
        <Controller
          control={form.control}
          name="schedule"
          render={({ field, fieldState }) => (
            <ScheduleControl
              value={field.value}
              onChange={field.onChange}
              disabled={readOnly}
              error={fieldState.error?.message}
            />
          )}
        />
      </div>
      <LabelsField control={form.control} name="labels" readOnly={readOnly} />
      {type === OTHER_TYPE ? (
        <SpecField control={form.control} schemaUrl={CANARY_SCHEMA_URL} height="380px" readOnly={readOnly} />
      ) : (
        <Controller
          control={form.control}
          name="spec"
          render={({ field, fieldState }) => (
            <CanarySpecEditor
              type={type}
              text={field.value}
              onChange={field.onChange}
              readOnly={readOnly}
              error={fieldState.error?.message}
              // A stored spec opens as it was edited before: as YAML.
              initialView={editing ? 'code' : 'form'}
            />
          )}
        />
      )}
      <TryResults running={tryRun.isPending} error={tryRun.error} checks={tryRun.data} />
    </ResourceForm>
  );
}
