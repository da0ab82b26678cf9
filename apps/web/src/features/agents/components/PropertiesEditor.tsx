import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, type Control, type UseFormRegister } from 'react-hook-form';
import type { AgentForm } from '../lib/agentForm.js';

/** The agent's label map as key/value rows. */
export function PropertiesEditor({
  control,
  register,
}: {
  control: Control<AgentForm>;
  register: UseFormRegister<AgentForm>;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'properties' });
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1 text-xs font-semibold text-muted">Properties</legend>
      {fields.map((field, i) => (
        <div key={field.id} className="flex items-center gap-2">
          <input
            className="input flex-1"
            placeholder="Key"
            aria-label={`Property ${i + 1} key`}
            {...register(`properties.${i}.key`)}
          />
          <input
            className="input flex-1"
            placeholder="Value"
            aria-label={`Property ${i + 1} value`}
            {...register(`properties.${i}.value`)}
          />
          <button
            type="button"
            className="btn btn-ghost btn-icon"
            aria-label={`Remove property ${i + 1}`}
            onClick={() => remove(i)}
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        </div>
      ))}
      <button type="button" className="btn self-start" onClick={() => append({ key: '', value: '' })}>
        <Plus className="size-4" aria-hidden /> Add property
      </button>
    </fieldset>
  );
}
