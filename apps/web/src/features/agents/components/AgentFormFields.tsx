import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '../../../ui/FormField.js';
import { KUBERNETES_INTERVALS, type AgentForm } from '../lib/agentForm.js';
import { PropertiesEditor } from './PropertiesEditor.js';

/**
 * The agent's fields. A new agent also carries its install options (Kubernetes, push
 * telemetry); a stored one shows its name read-only.
 */
export function AgentFormFields({ form, editing }: { form: UseFormReturn<AgentForm>; editing: boolean }) {
  const { register, control, watch, formState } = form;
  const kubernetes = watch('kubernetes.enabled');
  const telemetry = watch('pushTelemetry.enabled');
  return (
    <div className="flex flex-col gap-3">
      <FormField label="Name" required error={formState.errors.name?.message}>
        <input className="input w-full" readOnly={editing} aria-required {...register('name')} />
      </FormField>
      <FormField label="Description">
        <textarea className="input h-16 w-full py-1.5" {...register('description')} />
      </FormField>
      <PropertiesEditor control={control} register={register} />
      {editing ? null : (
        <>
          <fieldset className="flex flex-col gap-2 rounded-md border border-line p-3">
            <legend className="px-1 text-xs font-semibold text-muted">Kubernetes</legend>
            <label className="flex items-center gap-2">
              <input type="checkbox" {...register('kubernetes.enabled')} /> Scrape the Kubernetes cluster
            </label>
            {kubernetes ? (
              <>
                <FormField label="Interval">
                  <select className="input w-40" {...register('kubernetes.interval')}>
                    {KUBERNETES_INTERVALS.map((i) => (
                      <option key={i} value={i}>
                        {i}
                      </option>
                    ))}
                  </select>
                </FormField>
                <FormField label="Exclusions">
                  <textarea
                    className="input h-16 w-full py-1.5"
                    placeholder="One namespace per line"
                    {...register('kubernetes.exclusions')}
                  />
                </FormField>
              </>
            ) : null}
          </fieldset>
          <fieldset className="flex flex-col gap-2 rounded-md border border-line p-3">
            <legend className="px-1 text-xs font-semibold text-muted">Push telemetry</legend>
            <label className="flex items-center gap-2">
              <input type="checkbox" {...register('pushTelemetry.enabled')} /> Push telemetry to this console
            </label>
            {telemetry ? (
              <FormField label="Topology name">
                <input className="input w-full" {...register('pushTelemetry.topologyName')} />
              </FormField>
            ) : null}
          </fieldset>
        </>
      )}
    </div>
  );
}
