import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { CodeEditor } from '../../../ui/CodeEditor/CodeEditor.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { SegmentedControl } from '../../../ui/SegmentedControl.js';
import { CANARY_SCHEMA_KEY, CANARY_SCHEMA_URL, fetchCanarySchema } from './canaryApi.js';
import {
  CANARY_TEMPLATES,
  checkOf,
  parseSpecText,
  specText,
  withCheck,
  type FormCheckType,
} from './canaryDraft.js';
import { SchemaForm } from './schemaForm/SchemaForm.js';
import { itemSchema, schemaFields } from './schemaForm/schemaFields.js';

type View = 'form' | 'code';
const VIEWS = [
  { value: 'form', label: 'Form' },
  { value: 'code', label: 'Code (YAML)' },
] as const;

type Props = {
  type: FormCheckType;
  /** The spec's YAML: the one source of truth both views edit. */
  text: string;
  onChange: (text: string) => void;
  readOnly: boolean;
  /** The spec field's validation message. */
  error?: string | undefined;
  initialView?: View;
};

/** A check type's spec as a generated form or as YAML, switching between the two. */
export function CanarySpecEditor({ type, text, onChange, readOnly, error, initialView = 'form' }: Props) {
  const [view, setView] = useState<View>(initialView);
  const parsed = parseSpecText(text);
  const schema = useQuery({
    queryKey: CANARY_SCHEMA_KEY,
    queryFn: ({ signal }) => fetchCanarySchema(signal),
    staleTime: Infinity,
  });
  const fields = useMemo(() => {
    const s = itemSchema(schema.data, type);
    return s ? schemaFields(s) : [];
  }, [schema.data, type]);
  const templates = CANARY_TEMPLATES.filter((t) => t.type === type);

  const setCheck = (check: Record<string, unknown>) => {
    if (parsed.ok) onChange(specText(withCheck(parsed.spec, type, check)));
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
              if (t) setCheck(t.check);
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
              value={checkOf(parsed.spec, type)}
              onChange={setCheck}
              readOnly={readOnly}
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
            jsonSchemaUrl={CANARY_SCHEMA_URL}
            height="380px"
            readOnly={readOnly}
            ariaLabel="Spec"
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
