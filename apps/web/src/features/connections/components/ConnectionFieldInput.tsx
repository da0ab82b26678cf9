import type { ConnectionField } from '@opsdeck/shared';
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '../../../ui/FormField.js';
import { MASK, type ConnectionFormState } from '../lib/formState.js';

type Props = {
  field: ConnectionField;
  form: UseFormReturn<ConnectionFormState>;
  /** The server holds a secret here: the input starts empty and, left so, keeps it. */
  masked: boolean;
};

const KEEP_HINT = 'Stored. Leave empty to keep it, or type a new value.';

/** One field of a connection type's form, with the control its catalog entry asks for. */
export function ConnectionFieldInput({ field, form, masked }: Props) {
  const { register } = form;
  if (field.key === 'insecure_tls') {
    return (
      <label className="flex items-center gap-2">
        <input type="checkbox" {...register('insecure_tls')} />
        <span>{field.label}</span>
      </label>
    );
  }
  const error = form.getFieldState(field.key, form.formState).error?.message;
  const placeholder = masked ? MASK : field.placeholder;
  const aria = {
    'aria-required': field.required === true,
    'aria-invalid': error !== undefined,
    title: masked ? KEEP_HINT : undefined,
  };
  let control;
  if (field.input === 'select') {
    control = (
      // The initial option is given to React too: a select's value set before its options exist is lost.
      <select
        className="input w-full"
        defaultValue={String(form.getValues(field.key) ?? '')}
        {...aria}
        {...register(field.key)}
      >
        {field.required || field.default !== undefined ? null : <option value="">—</option>}
        {(field.options ?? []).map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  } else if (field.input === 'textarea') {
    control = (
      <textarea
        className="input h-24 w-full py-1.5 font-mono text-xs"
        placeholder={placeholder}
        spellCheck={false}
        {...aria}
        {...register(field.key)}
      />
    );
  } else {
    const type = field.input === 'secret' ? 'password' : field.input === 'number' ? 'number' : 'text';
    control = (
      <input
        className="input w-full"
        type={type}
        min={field.input === 'number' ? 0 : undefined}
        placeholder={placeholder}
        // Never let the browser fill a stored password into another connection's form.
        autoComplete={field.input === 'secret' ? 'new-password' : 'off'}
        {...aria}
        {...register(field.key)}
      />
    );
  }
  return (
    <FormField label={field.label} required={field.required === true} error={error}>
      {control}
      {field.hint ? <span className="text-xs text-muted">{field.hint}</span> : null}
    </FormField>
  );
}
