import { useMemo } from 'react';
import { SchemaForm } from '../../../ui/schema-form/SchemaForm.js';
import { schemaFields, withField, type JsonSchema } from '../../../ui/schema-form/schemaFields.js';
import { objectSections } from '../lib/chartValues.js';

type Props = {
  schema: JsonSchema;
  value: Record<string, unknown>;
  onChange: (next: Record<string, unknown>) => void;
  /** The dotted path of this level, shown as the section's title. */
  path?: string;
};

/**
 * A chart's values as a form: the flat fields of each level through the shared SchemaForm,
 * nested objects as titled sections (Helm values are mostly nested).
 */
export function ChartValuesForm({ schema, value, onChange, path = '' }: Props) {
  const fields = useMemo(() => schemaFields(schema), [schema]);
  const sections = useMemo(() => objectSections(schema), [schema]);
  return (
    <div className="flex flex-col gap-3">
      {fields.length > 0 ? <SchemaForm fields={fields} value={value} onChange={onChange} /> : null}
      {sections.map(([name, s]) => {
        const inner = value[name];
        const current =
          typeof inner === 'object' && inner !== null && !Array.isArray(inner)
            ? (inner as Record<string, unknown>)
            : {};
        const full = `${path}${name}`;
        return (
          <fieldset key={name} className="rounded-md border border-line p-3" aria-label={full}>
            <legend className="px-1 text-xs font-semibold text-muted">{full}</legend>
            <ChartValuesForm
              schema={s}
              value={current}
              path={`${full}.`}
              onChange={(next) =>
                onChange(withField(value, name, Object.keys(next).length > 0 ? next : undefined))
              }
            />
          </fieldset>
        );
      })}
    </div>
  );
}
