import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '../../../ui/FormField.js';
import { CLEARS, fetchInstances, LOOKUP_FIELDS } from './lookups.js';
import { LookupSelect } from './LookupSelect.js';
import { fieldLabel, isLookupKind, responderFields, type TeamResponderType } from './responders.js';
import { PART_TEXT } from './texts.js';

type Props = {
  type: TeamResponderType;
  teamId: string;
  defaults: Record<string, string>;
  saving: boolean;
  onBack: () => void;
  onSave: (fields: Record<string, string>) => void;
};

/** Fields that take prose get a textarea. */
const LONG_FIELDS = new Set(['body', 'description']);

/**
 * 'Save Team Responder': the type's fields, every one required. Jira and Microsoft Planner
 * start with the instance (auto-selected: the team's own, or the only one) and look their
 * projects, issue types, priorities, plans and buckets up in it; changing a choice clears the
 * fields that depended on it.
 */
export function ResponderTypeForm({ type, teamId, defaults, saving, onBack, onSave }: Props) {
  const fields = responderFields(type);
  const kind = isLookupKind(type) ? type : undefined;
  const schema = useMemo(
    () =>
      z.object(Object.fromEntries(fields.map((f) => [f, z.string().trim().min(1, PART_TEXT.invalidValue)]))),
    [fields],
  );
  const { register, handleSubmit, formState, control, setValue, getValues } = useForm<Record<string, string>>(
    {
      resolver: zodResolver(schema),
      defaultValues: { ...Object.fromEntries(fields.map((f) => [f, ''])), ...defaults },
    },
  );
  const values = useWatch({ control });

  const instances = useQuery({
    queryKey: ['incidents', 'responder-instances', kind, teamId],
    queryFn: ({ signal }) => fetchInstances(kind!, teamId, signal),
    enabled: kind !== undefined,
    staleTime: 0,
  });
  const selected = instances.data?.selected;
  useEffect(() => {
    if (selected && !getValues('instance')) setValue('instance', selected, { shouldValidate: false });
  }, [selected, getValues, setValue]);

  function registration(f: string) {
    const clears = kind ? (CLEARS[kind][f] ?? []) : [];
    return register(f, {
      onChange: () => {
        for (const c of clears) setValue(c, '');
      },
    });
  }

  function controlFor(f: string) {
    if (kind && f === 'instance')
      return (
        <select className="input w-full" aria-required aria-busy={instances.isFetching} {...registration(f)}>
          <option value="">{instances.isFetching ? 'Loading…' : 'Select…'}</option>
          {(instances.data?.instances ?? []).map((i) => (
            <option key={i.id} value={i.id}>
              {i.namespace === 'default' ? i.name : `${i.namespace}/${i.name}`}
            </option>
          ))}
        </select>
      );
    const lookup = kind ? LOOKUP_FIELDS[kind][f] : undefined;
    if (kind && lookup)
      return (
        <LookupSelect
          kind={kind}
          field={lookup}
          instance={values.instance ?? ''}
          dependency={'lookup' in lookup && lookup.needs ? (values[lookup.needs.field] ?? '') : ''}
          current={values[f] ?? ''}
          registration={registration(f)}
        />
      );
    return LONG_FIELDS.has(f) ? (
      <textarea className="input min-h-16 w-full" aria-required {...register(f)} />
    ) : (
      <input className="input w-full" aria-required {...register(f)} />
    );
  }

  return (
    <form
      aria-label="Save Team Responder"
      className="flex flex-col gap-3"
      noValidate
      onSubmit={(e) => void handleSubmit((v) => onSave(v))(e)}
    >
      {fields.map((f) => (
        <FormField key={f} label={fieldLabel(f)} required error={formState.errors[f]?.message}>
          {controlFor(f)}
        </FormField>
      ))}
      <div className="flex justify-between">
        <button type="button" className="btn" onClick={onBack} disabled={saving}>
          Back
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          Save
        </button>
      </div>
    </form>
  );
}
