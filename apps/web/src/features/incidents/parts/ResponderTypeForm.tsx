import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '../../../ui/FormField.js';
import { fieldLabel, responderFields, type TeamResponderType } from './responders.js';
import { PART_TEXT } from './texts.js';

type Props = {
  type: TeamResponderType;
  defaults: Record<string, string>;
  saving: boolean;
  onBack: () => void;
  onSave: (fields: Record<string, string>) => void;
};

/** Fields that take prose get a textarea. */
const LONG_FIELDS = new Set(['body', 'description']);

/** 'Save Team Responder': the type's fields, every one required. */
export function ResponderTypeForm({ type, defaults, saving, onBack, onSave }: Props) {
  const fields = responderFields(type);
  const schema = useMemo(
    () =>
      z.object(Object.fromEntries(fields.map((f) => [f, z.string().trim().min(1, PART_TEXT.invalidValue)]))),
    [fields],
  );
  const { register, handleSubmit, formState } = useForm<Record<string, string>>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
  });

  return (
    <form
      aria-label="Save Team Responder"
      className="flex flex-col gap-3"
      noValidate
      onSubmit={(e) => void handleSubmit((values) => onSave(values))(e)}
    >
      {fields.map((f) => (
        <FormField key={f} label={fieldLabel(f)} required error={formState.errors[f]?.message}>
          {LONG_FIELDS.has(f) ? (
            <textarea className="input min-h-16 w-full" aria-required {...register(f)} />
          ) : (
            <input className="input w-full" aria-required {...register(f)} />
          )}
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
