import { useState } from 'react';
import { FormField } from '../FormField.js';
import { fieldText, fieldValue, withField, type SchemaField } from './schemaFields.js';

type Props = {
  fields: SchemaField[];
  value: Record<string, unknown>;
  onChange: (next: Record<string, unknown>) => void;
  readOnly?: boolean;
};

/** One input a field of the schema, editing the object `value` (unknown keys are kept). */
export function SchemaForm({ fields, value, onChange, readOnly = false }: Props) {
  return (
    <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
      {fields.map((f) => (
        <FieldInput
          key={f.name}
          field={f}
          value={value[f.name]}
          readOnly={readOnly}
          onChange={(next) => onChange(withField(value, f.name, next))}
        />
      ))}
    </div>
  );
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function FieldInput({
  field,
  value,
  onChange,
  readOnly,
}: {
  field: SchemaField;
  value: unknown;
  onChange: (next: unknown) => void;
  readOnly: boolean;
}) {
  // The typed text is kept while it still means the stored value, so '1.' or a trailing
  // comma survive the round trip through the YAML; a change from outside replaces it.
  const [draft, setDraft] = useState(() => fieldText(field, value));
  const text = same(fieldValue(field, draft), value) ? draft : fieldText(field, value);
  const change = (next: string) => {
    setDraft(next);
    onChange(fieldValue(field, next));
  };
  const common = {
    'aria-label': field.name,
    'aria-required': field.required || undefined,
    disabled: readOnly,
    title: field.description,
  };

  if (field.kind === 'boolean') {
    return (
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          {...common}
          checked={value === true}
          onChange={(e) => change(e.target.checked ? 'true' : '')}
        />
        {field.name}
      </label>
    );
  }
  if (field.kind === 'numberList' && field.options) {
    return <NumberChoices field={field} value={value} onChange={onChange} readOnly={readOnly} />;
  }
  let input;
  if (field.kind === 'select') {
    input = (
      <select className="input" {...common} value={text} onChange={(e) => change(e.target.value)}>
        <option value="" />
        {(field.options ?? []).map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'list' || field.kind === 'numberList') {
    input = (
      <textarea
        className="input min-h-16"
        rows={2}
        placeholder="One a line or comma separated"
        {...common}
        value={text}
        onChange={(e) => change(e.target.value)}
      />
    );
  } else {
    const numeric = field.kind === 'number' || field.kind === 'integer';
    input = (
      <input
        className="input"
        type={numeric ? 'number' : 'text'}
        {...(numeric ? { step: field.kind === 'integer' ? 1 : 'any' } : {})}
        {...common}
        value={text}
        onChange={(e) => change(e.target.value)}
      />
    );
  }
  return (
    <FormField label={field.name} required={field.required}>
      {input}
    </FormField>
  );
}

/**
 * A list of numbers with offered values (an http check's response codes): one checkbox each,
 * plus any stored value the list does not offer; the list stays sorted.
 */
function NumberChoices({
  field,
  value,
  onChange,
  readOnly,
}: {
  field: SchemaField;
  value: unknown;
  onChange: (next: unknown) => void;
  readOnly: boolean;
}) {
  const chosen = Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
  const offered = [...new Set([...(field.options ?? []).map(Number), ...chosen])].sort((a, b) => a - b);
  const toggle = (n: number, on: boolean) => {
    const next = on ? [...chosen, n] : chosen.filter((c) => c !== n);
    onChange(next.length ? [...new Set(next)].sort((a, b) => a - b) : undefined);
  };
  return (
    <fieldset className="flex flex-col gap-1 md:col-span-2" title={field.description}>
      <legend className="text-xs font-semibold text-muted">{field.name}</legend>
      <div className="flex flex-wrap gap-x-3 gap-y-1">
        {offered.map((n) => (
          <label key={n} className="flex items-center gap-1 text-sm">
            <input
              type="checkbox"
              checked={chosen.includes(n)}
              disabled={readOnly}
              onChange={(e) => toggle(n, e.target.checked)}
            />
            {n}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
