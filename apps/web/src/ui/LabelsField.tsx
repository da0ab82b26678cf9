import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { CodeEditor } from './CodeEditor/CodeEditor.js';
import { FormField } from './FormField.js';

type Row = { key: string; value: string };

/** The rows a label map's JSON text stands for, or undefined when it is not a map of texts. */
export function labelRows(text: string): Row[] | undefined {
  if (!text.trim()) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
    const entries = Object.entries(parsed);
    if (!entries.every(([, v]) => typeof v === 'string')) return undefined;
    return entries.map(([key, value]) => ({ key, value: String(value) }));
  } catch {
    return undefined;
  }
}

/** The JSON text of the rows with a key (a later row wins a repeated key); '' for none. */
export function labelsText(rows: readonly Row[]): string {
  const named = rows.filter((r) => r.key.trim());
  if (named.length === 0) return '';
  return JSON.stringify(Object.fromEntries(named.map((r) => [r.key.trim(), r.value])));
}

type Props<T extends FieldValues> = {
  control: Control<T>;
  /** A string field of the form: the labels' JSON text. */
  name: FieldPath<T>;
  readOnly?: boolean;
};

/**
 * Labels as key/value rows (issue 36: a newcomer should not type JSON). The form keeps the
 * JSON text it always had; a stored value the rows cannot show (a value that is not a text, a
 * broken text) opens in the JSON editor instead, so nothing stored is lost.
 */
export function LabelsField<T extends FieldValues>({ control, name, readOnly = false }: Props<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const text = typeof field.value === 'string' ? field.value : '';
        return (
          <FormField label="Labels" error={fieldState.error?.message} labelable={false}>
            <LabelRows text={text} onChange={field.onChange} readOnly={readOnly} />
          </FormField>
        );
      }}
    />
  );
}

function LabelRows({
  text,
  onChange,
  readOnly,
}: {
  text: string;
  onChange: (text: string) => void;
  readOnly: boolean;
}) {
  // Rows being typed (an empty key, a repeated one) are kept here with the text they were
  // written as; a text from outside (a template, a reset, the stored one) replaces them.
  // Once in the JSON editor it stays there: it would not turn into rows under the typing.
  const [state, setState] = useState(() => ({ text, rows: labelRows(text) }));
  let current = state.rows;
  if (state.text !== text) {
    current = state.rows ? labelRows(text) : undefined;
    setState({ text, rows: current });
  }
  if (!current) {
    return (
      <CodeEditor
        value={text}
        onChange={onChange}
        language="json"
        height="90px"
        readOnly={readOnly}
        ariaLabel="Labels"
      />
    );
  }
  const update = (next: Row[]) => {
    const written = labelsText(next);
    setState({ text: written, rows: next });
    onChange(written);
  };
  return (
    <div className="flex flex-col gap-1.5" role="group" aria-label="Labels">
      {current.map((row, i) => (
        // Rows have no identity but their place; removing one re-renders those after it.
        <div key={i} className="flex items-center gap-2">
          <input
            className="input flex-1"
            placeholder="Key"
            aria-label={`Label ${i + 1} key`}
            disabled={readOnly}
            value={row.key}
            onChange={(e) => update(current.map((r, j) => (j === i ? { ...r, key: e.target.value } : r)))}
          />
          <input
            className="input flex-1"
            placeholder="Value"
            aria-label={`Label ${i + 1} value`}
            disabled={readOnly}
            value={row.value}
            onChange={(e) => update(current.map((r, j) => (j === i ? { ...r, value: e.target.value } : r)))}
          />
          {readOnly ? null : (
            <button
              type="button"
              className="btn btn-ghost btn-icon"
              aria-label={`Remove label ${i + 1}`}
              onClick={() => update(current.filter((_, j) => j !== i))}
            >
              <Trash2 className="size-4" aria-hidden />
            </button>
          )}
        </div>
      ))}
      {readOnly ? (
        current.length === 0 ? (
          <span className="text-sm text-muted">No labels</span>
        ) : null
      ) : (
        <button
          type="button"
          className="btn self-start"
          onClick={() => update([...current, { key: '', value: '' }])}
        >
          <Plus className="size-4" aria-hidden /> Add label
        </button>
      )}
    </div>
  );
}
