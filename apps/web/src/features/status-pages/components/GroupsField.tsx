import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { FormField } from '../../../ui/FormField.js';
import { EMPTY_SELECTOR, type StatusPageFormValues } from './statusPageForm.js';

type Form = UseFormReturn<StatusPageFormValues>;

function SelectorsField({ form, group, disabled }: { form: Form; group: number; disabled: boolean }) {
  const { fields, append, remove } = useFieldArray({
    control: form.control,
    name: `groups.${group}.selectors`,
  });
  const errors = form.formState.errors.groups?.[group]?.selectors;
  return (
    <div className="flex flex-col gap-2">
      {fields.map((f, i) => {
        const at = `groups.${group}.selectors.${i}` as const;
        const e = errors?.[i];
        return (
          <fieldset
            key={f.id}
            aria-label={`Selector ${i + 1} of group ${group + 1}`}
            className="grid grid-cols-1 gap-2 rounded border border-line p-2 md:grid-cols-[8rem_1fr_1fr_1fr_1fr_auto]"
          >
            <FormField label="Kind">
              <select className="input" disabled={disabled} {...form.register(`${at}.kind`)}>
                <option value="">Checks and components</option>
                <option value="check">Checks</option>
                <option value="component">Components</option>
              </select>
            </FormField>
            <FormField label="Name" hint="* wildcards" error={e?.name?.message}>
              <input
                className="input"
                disabled={disabled}
                placeholder="api-*"
                {...form.register(`${at}.name`)}
              />
            </FormField>
            <FormField label="Namespace" error={e?.namespace?.message}>
              <input className="input" disabled={disabled} {...form.register(`${at}.namespace`)} />
            </FormField>
            <FormField label="Types" hint="comma-separated" error={e?.types?.message}>
              <input
                className="input"
                disabled={disabled}
                placeholder="http, Service"
                {...form.register(`${at}.types`)}
              />
            </FormField>
            <FormField label="Labels" hint="k=v,k2!=v2,k3,!k4" error={e?.labelSelector?.message}>
              <input className="input" disabled={disabled} {...form.register(`${at}.labelSelector`)} />
            </FormField>
            {disabled ? null : (
              <button
                type="button"
                className="btn self-end"
                aria-label={`Remove selector ${i + 1} of group ${group + 1}`}
                onClick={() => remove(i)}
              >
                <Trash2 className="size-4" />
              </button>
            )}
          </fieldset>
        );
      })}
      {errors?.message || errors?.root?.message ? (
        <span role="alert" className="text-xs text-health-unhealthy">
          {errors.message ?? errors.root?.message}
        </span>
      ) : null}
      {disabled ? null : (
        <button type="button" className="btn self-start" onClick={() => append({ ...EMPTY_SELECTOR })}>
          <Plus className="size-4" /> Add selector
        </button>
      )}
    </div>
  );
}

/** The page's groups: a name and the selectors choosing its checks and components. */
export function GroupsField({ form, disabled }: { form: Form; disabled: boolean }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'groups' });
  const errors = form.formState.errors.groups;
  return (
    <section aria-label="Groups" className="flex flex-col gap-3">
      <h2 className="text-sm font-semibold">Groups</h2>
      {fields.map((f, g) => (
        <div key={f.id} className="flex flex-col gap-2 rounded-md border border-line p-3">
          <div className="flex items-end gap-2">
            <div className="flex-1">
              <FormField label={`Group ${g + 1} name`} required error={errors?.[g]?.name?.message}>
                <input
                  className="input"
                  disabled={disabled}
                  aria-required
                  {...form.register(`groups.${g}.name`)}
                />
              </FormField>
            </div>
            {disabled ? null : (
              <button type="button" className="btn" onClick={() => remove(g)}>
                <Trash2 className="size-4" /> Remove group
              </button>
            )}
          </div>
          <SelectorsField form={form} group={g} disabled={disabled} />
        </div>
      ))}
      {errors?.message || errors?.root?.message ? (
        <span role="alert" className="text-xs text-health-unhealthy">
          {errors.message ?? errors.root?.message}
        </span>
      ) : null}
      {disabled ? null : (
        <button
          type="button"
          className="btn self-start"
          onClick={() => append({ name: '', selectors: [{ ...EMPTY_SELECTOR }] })}
        >
          <Plus className="size-4" /> Add group
        </button>
      )}
    </section>
  );
}
