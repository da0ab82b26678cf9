import { useId, useState } from 'react';
import { FieldSet } from './FieldSet.js';
import { fieldHint, fieldLabel } from './fieldLabels.js';
import { NamedValuesInput } from './NamedValuesInput.js';
import { ObjectListInput } from './ObjectListInput.js';
import { ScriptInput } from './ScriptInput.js';
import { ValueSourceInput } from './ValueSourceInput.js';
import { DurationInput } from '../DurationInput.js';
import { FormField } from '../FormField.js';
import { fieldText, fieldValue, numberProblem, withField, type SchemaField } from './schemaFields.js';

type Props = {
  fields: SchemaField[];
  value: Record<string, unknown>;
  onChange: (next: Record<string, unknown>) => void;
  readOnly?: boolean;
  /** The form's own words for some keys (a check's `name` is its 'Check name'); fieldLabels.ts the rest. */
  labels?: Readonly<Record<string, string>> | undefined;
  /** Values a text field offers as it is typed (a `connection`: the stored connections). */
  suggestions?: Readonly<Record<string, readonly Suggestion[]>> | undefined;
  /**
   * A field with offered values takes only those (a person picker): a select, which keeps a
   * stored value the list lacks as its own option. With none offered it stays free text.
   */
  strict?: boolean | undefined;
  /** The fields shown before 'More settings' besides the required ones; without it, all are. */
  basic?: readonly string[] | undefined;
  /** The group these fields belong to: it starts their accessible names ('Template title'). */
  group?: string | undefined;
};

/** A value offered for a text field, and what the list shows for it. */
export type Suggestion = { value: string; label: string };

/** The fields the Authentication selector groups (an http check's). */
const AUTH_FIELDS = ['username', 'password', 'ntlm', 'ntlmv2'];

/**
 * One input a field of the schema, editing the object `value` (unknown keys are kept). When
 * the fields hold username and password as secret-capable values, they sit under an
 * Authentication selector (None, Basic, and NTLM / NTLMv2 where the schema has them). With
 * `basic`, the required and basic fields come first and the others fold under 'More settings'
 * (open when one of them holds a value).
 */
export function SchemaForm({
  fields,
  value,
  onChange,
  readOnly = false,
  labels,
  suggestions,
  strict,
  basic,
  group,
}: Props) {
  const hasAuth = ['username', 'password'].every((n) =>
    fields.some((f) => f.name === n && f.kind === 'valueSource'),
  );
  const shown = hasAuth ? fields.filter((f) => !AUTH_FIELDS.includes(f.name)) : fields;
  const first = basic ? shown.filter((f) => f.required || basic.includes(f.name)) : shown;
  const more = basic ? shown.filter((f) => !first.includes(f)) : [];
  const input = (f: SchemaField) => (
    <FieldInput
      key={f.name}
      field={f}
      label={fieldLabel(f.name, labels)}
      group={group}
      labels={labels}
      suggestions={suggestions}
      strict={strict}
      value={value[f.name]}
      readOnly={readOnly}
      onChange={(next) => onChange(withField(value, f.name, next))}
    />
  );
  return (
    <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
      {first.map(input)}
      {hasAuth ? (
        <AuthSelector fields={fields} value={value} onChange={onChange} readOnly={readOnly} labels={labels} />
      ) : null}
      {more.length > 0 ? (
        <details className="md:col-span-2" open={more.some((f) => value[f.name] !== undefined) || undefined}>
          <summary className="cursor-pointer text-xs font-semibold text-muted">
            More settings ({more.length})
          </summary>
          <div className="mt-2 grid grid-cols-1 gap-3 md:grid-cols-2">{more.map(input)}</div>
        </details>
      ) : null}
    </div>
  );
}

/** A field's accessible name inside a group: 'Template' + 'Commander ID' → 'Template commander ID'. */
function inGroup(group: string | undefined, label: string): string {
  if (!group) return label;
  // 'Template title', but 'Actions 1 URL': an acronym keeps its capitals.
  const word = /^[A-Z]{2}/.test(label) ? label : `${label.charAt(0).toLowerCase()}${label.slice(1)}`;
  return `${group} ${word}`;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** What every field editor of the form gets. */
type FieldProps = {
  field: SchemaField;
  /** What the form calls it (the key stays what the YAML holds). */
  label: string;
  /** The group it is in (its accessible name starts with the group's). */
  group?: string | undefined;
  labels?: Readonly<Record<string, string>> | undefined;
  /** Values offered per field name: this field's, and a group's for its own fields. */
  suggestions?: Readonly<Record<string, readonly Suggestion[]>> | undefined;
  /** Offered values are the only ones (SchemaForm's `strict`). */
  strict?: boolean | undefined;
  value: unknown;
  onChange: (next: unknown) => void;
  readOnly: boolean;
};

function FieldInput({
  field,
  label,
  group,
  labels,
  suggestions,
  strict,
  value,
  onChange,
  readOnly,
}: FieldProps) {
  const hintId = useId();
  const listId = useId();
  const hint = fieldHint(field.description);
  // The typed text is kept while it still means the stored value, so '1.' or a trailing
  // comma survive the round trip through the YAML; a change from outside replaces it.
  const [draft, setDraft] = useState(() => fieldText(field, value));
  const text = same(fieldValue(field, draft), value) ? draft : fieldText(field, value);
  const change = (next: string) => {
    setDraft(next);
    onChange(fieldValue(field, next));
  };
  // Checked on blur and on change (doc 3 §4): 'This field must be a number', the minimum.
  const [touched, setTouched] = useState(false);
  const problem = numberProblem(field, draft);
  const common = {
    'aria-label': inGroup(group, label),
    'aria-required': field.required || undefined,
    'aria-describedby': hint ? hintId : undefined,
    disabled: readOnly,
    title: field.description,
  };

  if (field.kind === 'group') {
    const inner = isObject(value) ? value : {};
    return (
      <FieldSet label={label} hint={hint} readOnly={readOnly}>
        <SchemaForm
          fields={field.fields ?? []}
          value={inner}
          // An emptied group leaves the spec, as an emptied field does.
          onChange={(next) => onChange(Object.keys(next).length > 0 ? next : undefined)}
          readOnly={readOnly}
          labels={labels}
          suggestions={suggestions}
          strict={strict}
          group={inGroup(group, label)}
        />
      </FieldSet>
    );
  }
  if (field.kind === 'duration') {
    return (
      <FormField label={label} required={field.required} hint={hint} hintId={hintId} labelable={false}>
        <DurationInput
          label={common['aria-label']}
          value={typeof value === 'string' ? value : ''}
          onChange={(next) => onChange(next === '' ? undefined : next)}
          readOnly={readOnly}
          describedBy={hint ? hintId : undefined}
        />
      </FormField>
    );
  }
  if (field.kind === 'boolean') {
    return (
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          {...common}
          checked={value === true}
          onChange={(e) => change(e.target.checked ? 'true' : '')}
        />
        {label}
      </label>
    );
  }
  if (field.kind === 'valueSource') {
    return (
      <ValueSourceInput
        label={label}
        value={value}
        onChange={onChange}
        required={field.required}
        readOnly={readOnly}
        description={field.description}
      />
    );
  }
  if (field.kind === 'script') {
    return (
      <ScriptInput
        label={label}
        value={value}
        onChange={onChange}
        readOnly={readOnly}
        description={field.description}
      />
    );
  }
  if (field.kind === 'namedValues') {
    return (
      <NamedValuesInput
        label={label}
        value={value}
        onChange={onChange}
        readOnly={readOnly}
        description={field.description}
      />
    );
  }
  if (field.kind === 'objectList') {
    return (
      <ObjectListInput
        field={field}
        label={label}
        value={value}
        onChange={onChange}
        readOnly={readOnly}
        renderFields={(fields, item, change, itemGroup, fold) => (
          <SchemaForm
            fields={fields}
            value={item}
            onChange={change}
            readOnly={readOnly}
            labels={labels}
            suggestions={suggestions}
            strict={strict}
            basic={fold ? [] : undefined}
            group={inGroup(group, itemGroup)}
          />
        )}
      />
    );
  }
  if (field.kind === 'numberList' && field.options) {
    return (
      <NumberChoices field={field} label={label} value={value} onChange={onChange} readOnly={readOnly} />
    );
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
  } else if (strict && field.kind === 'text' && suggestions?.[field.name]?.length) {
    const offered = suggestions[field.name] ?? [];
    input = (
      <select className="input" {...common} value={text} onChange={(e) => change(e.target.value)}>
        <option value="">None</option>
        {/* A stored value the list lacks (someone since removed) stays, and says so. */}
        {text && !offered.some((o) => o.value === text) ? (
          <option value={text}>{text} (not found)</option>
        ) : null}
        {offered.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label === o.value ? o.value : `${o.label} (${o.value})`}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'longText') {
    input = (
      <textarea
        className="input min-h-20 py-1.5 font-mono"
        rows={4}
        {...common}
        value={text}
        onChange={(e) => change(e.target.value)}
      />
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
    const mine = suggestions?.[field.name];
    const offered = !numeric && mine && mine.length > 0 ? mine : undefined;
    // Numbers are typed as text (inputmode decimal) so a wrong entry can be named, not dropped.
    input = (
      <input
        className="input"
        type="text"
        {...(numeric ? { inputMode: 'decimal' as const } : {})}
        {...(offered ? { list: listId } : {})}
        {...common}
        aria-invalid={(numeric && touched && problem !== undefined) || undefined}
        value={text}
        onBlur={() => setTouched(true)}
        onChange={(e) => {
          setTouched(true);
          change(e.target.value);
        }}
      />
    );
    if (offered) {
      input = (
        <>
          {input}
          <datalist id={listId}>
            {offered.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </datalist>
        </>
      );
    }
  }
  return (
    <FormField
      label={label}
      required={field.required}
      error={touched ? problem : undefined}
      hint={hint}
      hintId={hintId}
    >
      {input}
    </FormField>
  );
}

/**
 * A list of numbers with offered values (an http check's response codes): one checkbox each,
 * plus any stored value the list does not offer; the list stays sorted.
 */
function NumberChoices({ field, label, value, onChange, readOnly }: FieldProps) {
  const chosen = Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
  const offered = [...new Set([...(field.options ?? []).map(Number), ...chosen])].sort((a, b) => a - b);
  const toggle = (n: number, on: boolean) => {
    const next = on ? [...chosen, n] : chosen.filter((c) => c !== n);
    onChange(next.length ? [...new Set(next)].sort((a, b) => a - b) : undefined);
  };
  return (
    <fieldset className="flex flex-col gap-1 md:col-span-2" title={field.description}>
      <legend className="text-xs font-semibold text-muted">{label}</legend>
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

type AuthKind = 'none' | 'basic' | 'ntlm' | 'ntlmv2';

function authKindOf(value: Record<string, unknown>): AuthKind {
  if (value.ntlmv2 === true) return 'ntlmv2';
  if (value.ntlm === true) return 'ntlm';
  return value.username !== undefined || value.password !== undefined ? 'basic' : 'none';
}

/** None, Basic, NTLM, NTLMv2: switching clears username, password and the NTLM flags. */
function AuthSelector({
  fields,
  value,
  onChange,
  readOnly,
  labels,
}: {
  fields: SchemaField[];
  value: Record<string, unknown>;
  onChange: (next: Record<string, unknown>) => void;
  readOnly: boolean;
  labels: Props['labels'];
}) {
  const stored = authKindOf(value);
  // Basic chosen with nothing typed yet still shows its fields.
  const [picked, setPicked] = useState<AuthKind>(stored);
  const kind = stored === 'none' && picked === 'basic' ? 'basic' : stored;
  const kinds: { kind: AuthKind; label: string }[] = [
    { kind: 'none', label: 'None' },
    { kind: 'basic', label: 'Basic' },
    ...(fields.some((f) => f.name === 'ntlm') ? [{ kind: 'ntlm' as const, label: 'NTLM' }] : []),
    ...(fields.some((f) => f.name === 'ntlmv2') ? [{ kind: 'ntlmv2' as const, label: 'NTLMv2' }] : []),
  ];
  const pick = (next: AuthKind) => {
    setPicked(next);
    let out = value;
    for (const f of AUTH_FIELDS) out = withField(out, f, undefined);
    if (next === 'ntlm' || next === 'ntlmv2') out = withField(out, next, true);
    onChange(out);
  };
  const field = (name: string) => fields.find((f) => f.name === name);
  return (
    <fieldset className="flex flex-col gap-2 md:col-span-2">
      <legend className="text-xs font-semibold text-muted">Authentication</legend>
      <select
        className="input w-40"
        aria-label="Authentication"
        disabled={readOnly}
        value={kind}
        onChange={(e) => pick(e.target.value as AuthKind)}
      >
        {kinds.map((k) => (
          <option key={k.kind} value={k.kind}>
            {k.label}
          </option>
        ))}
      </select>
      {kind !== 'none' ? (
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
          {['username', 'password'].map((name) => (
            <ValueSourceInput
              key={name}
              label={fieldLabel(name, labels)}
              value={value[name]}
              required={field(name)?.required ?? false}
              readOnly={readOnly}
              onChange={(next) => onChange(withField(value, name, next))}
            />
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}
