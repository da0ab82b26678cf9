import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { http } from '../../api/http.js';
import { CodeEditor, type CodeEditorProps } from '../CodeEditor/CodeEditor.js';
import { ErrorView } from '../ErrorView.js';
import { SegmentedControl } from '../SegmentedControl.js';
import { SchemaForm, type Suggestion } from './SchemaForm.js';
import { itemSchema, schemaFields, type JsonSchema } from './schemaFields.js';
import { itemOf, parseSpecText, specBody, specText, withItem } from './specDraft.js';

export type SpecView = 'form' | 'code';
const VIEWS = [
  { value: 'form', label: 'Form' },
  { value: 'code', label: 'Code (YAML)' },
] as const;

/** A starting point offered in the Form view: it replaces what the form edits. */
export type FormTemplate = { label: string; value: Record<string, unknown> };

type Props = {
  /** The JSON Schema the form is generated from and the YAML is checked against. */
  schemaUrl: string;
  /** The list whose first item the form edits (a check or scraper type); without it, the spec itself. */
  itemKey?: string | undefined;
  /** The spec's YAML: the one source of truth both views edit. */
  text: string;
  onChange: (text: string) => void;
  readOnly: boolean;
  /** The spec field's validation message. */
  error?: string | undefined;
  initialView?: SpecView;
  templates?: readonly FormTemplate[];
  /** Fields the page edits with its own controls (a schedule dropdown). */
  omit?: readonly string[];
  /** Warnings the YAML view underlines. */
  warnings?: CodeEditorProps['warnings'];
  /** The form's own words for some keys (SchemaForm). */
  labels?: Readonly<Record<string, string>>;
  /** Values text fields offer (SchemaForm). */
  suggestions?: Readonly<Record<string, readonly Suggestion[]>>;
  /** Offered values are the only ones a field takes (SchemaForm). */
  strict?: boolean;
  /** The fields shown before 'More settings' (SchemaForm). */
  basic?: readonly string[];
  /** Objects of simple fields are edited in the form as groups (schemaFields). */
  groups?: boolean;
  /** Lists of objects the form edits as cards, with the keys that make an item's kind (schemaFields). */
  lists?: Readonly<Record<string, readonly string[]>>;
};

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The schema's JSON, read once per session. */
export function useJsonSchema(url: string) {
  return useQuery({
    queryKey: ['json-schema', url],
    queryFn: ({ signal }) => http<unknown>(url, { signal }),
    staleTime: Infinity,
  });
}

/** A spec as a form generated from its JSON Schema or as YAML, switching between the two. */
export function SpecFormEditor({
  schemaUrl,
  itemKey,
  text,
  onChange,
  readOnly,
  error,
  initialView = 'form',
  templates = [],
  omit = [],
  warnings,
  labels,
  suggestions,
  strict = false,
  basic,
  groups = false,
  lists,
}: Props) {
  const [view, setView] = useState<SpecView>(initialView);
  const parsed = parseSpecText(text);
  const schema = useJsonSchema(schemaUrl);
  const fields = useMemo(() => {
    const s = itemKey
      ? itemSchema(schema.data, itemKey)
      : isObject(schema.data)
        ? (schema.data as JsonSchema)
        : undefined;
    return s
      ? schemaFields(s, { groups, ...(lists ? { lists } : {}) }).filter((f) => !omit.includes(f.name))
      : [];
  }, [schema.data, itemKey, omit, groups, lists]);

  const value = parsed.ok ? (itemKey ? itemOf(parsed.spec, itemKey) : specBody(parsed.spec)) : {};
  const setValue = (next: Record<string, unknown>) => {
    if (!parsed.ok) return;
    if (itemKey) onChange(specText(withItem(parsed.spec, itemKey, next)));
    else {
      const b = specBody(parsed.spec);
      onChange(specText(b === parsed.spec ? next : { ...parsed.spec, spec: next }));
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <SegmentedControl
          label="Spec view"
          options={VIEWS}
          value={view}
          // YAML that does not parse cannot fill the form: the user stays in Code.
          onChange={(v) => setView(v === 'form' && !parsed.ok ? 'code' : v)}
        />
        {view === 'form' && templates.length > 0 && !readOnly ? (
          <select
            className="input w-auto"
            aria-label="Template"
            value=""
            onChange={(e) => {
              const t = templates.find((x) => x.label === e.target.value);
              if (t) setValue(t.value);
            }}
          >
            <option value="">Template…</option>
            {templates.map((t) => (
              <option key={t.label} value={t.label}>
                {t.label}
              </option>
            ))}
          </select>
        ) : null}
      </div>
      {view === 'form' && parsed.ok ? (
        schema.isError ? (
          <ErrorView error={schema.error} />
        ) : schema.isPending ? (
          <div aria-busy="true" className="text-sm text-muted">
            Loading…
          </div>
        ) : (
          <>
            <SchemaForm
              fields={fields}
              value={value}
              onChange={setValue}
              readOnly={readOnly}
              labels={labels}
              suggestions={suggestions}
              strict={strict}
              basic={basic}
            />
            <p className="text-xs text-muted">Other fields can be set in Code (YAML).</p>
          </>
        )
      ) : (
        <>
          <CodeEditor
            value={text}
            onChange={onChange}
            language="yaml"
            jsonSchemaUrl={schemaUrl}
            height="380px"
            readOnly={readOnly}
            ariaLabel="Spec"
            {...(warnings ? { warnings } : {})}
          />
          {parsed.ok ? null : (
            <span role="alert" className="text-xs text-health-unhealthy">
              {parsed.error}
            </span>
          )}
        </>
      )}
      {error && parsed.ok ? (
        <span role="alert" className="text-xs text-health-unhealthy">
          {error}
        </span>
      ) : null}
    </div>
  );
}
