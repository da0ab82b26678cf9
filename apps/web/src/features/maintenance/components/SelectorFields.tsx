import { MAINTENANCE_RESOURCE_TYPES } from '@opsdeck/shared';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, type Control, type UseFormRegister } from 'react-hook-form';
import { FormField } from '../../../ui/FormField.js';
import { EMPTY_SELECTOR, type WindowForm } from '../lib/windowForm.js';

const TYPE_LABELS = { check: 'Checks', component: 'Components', config: 'Config items' } as const;

/** The window's scope: one block per resource selector. */
export function SelectorFields({
  control,
  register,
  error,
}: {
  control: Control<WindowForm>;
  register: UseFormRegister<WindowForm>;
  error: string | undefined;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'selectors' });
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-xs font-semibold text-muted">Covers</legend>
      {fields.map((f, i) => (
        <div
          key={f.id}
          className="grid grid-cols-2 gap-2 rounded border border-border p-2"
          aria-label={`Selector ${i + 1}`}
          role="group"
        >
          <div className="col-span-2 flex flex-wrap items-center gap-3 text-sm">
            {MAINTENANCE_RESOURCE_TYPES.map((t) => (
              <label key={t} className="flex items-center gap-1">
                <input type="checkbox" value={t} {...register(`selectors.${i}.resourceTypes`)} />
                {TYPE_LABELS[t]}
              </label>
            ))}
            {fields.length > 1 ? (
              <button
                type="button"
                className="btn ml-auto"
                aria-label={`Remove selector ${i + 1}`}
                onClick={() => remove(i)}
              >
                <Trash2 className="size-3.5" aria-hidden />
              </button>
            ) : null}
          </div>
          <FormField label="Name (* wildcards)">
            <input className="input w-full" placeholder="web-*" {...register(`selectors.${i}.name`)} />
          </FormField>
          <FormField label="Namespace">
            <input className="input w-full" {...register(`selectors.${i}.namespace`)} />
          </FormField>
          <FormField label="Labels">
            <input
              className="input w-full"
              placeholder="team=web,env!=dev"
              {...register(`selectors.${i}.labelSelector`)}
            />
          </FormField>
          <FormField label="Types (comma-separated)">
            <input
              className="input w-full"
              placeholder="http, Kubernetes::Pod"
              {...register(`selectors.${i}.types`)}
            />
          </FormField>
          <FormField label="Agent">
            <input
              className="input w-full"
              placeholder="local, a name or id"
              {...register(`selectors.${i}.agent`)}
            />
          </FormField>
        </div>
      ))}
      {error ? (
        <span role="alert" className="text-xs text-health-unhealthy">
          {error}
        </span>
      ) : null}
      <button type="button" className="btn self-start" onClick={() => append({ ...EMPTY_SELECTOR })}>
        <Plus className="size-3.5" aria-hidden /> Add selector
      </button>
    </fieldset>
  );
}
