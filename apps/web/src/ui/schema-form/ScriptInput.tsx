import { readScript, SCRIPT_KINDS, type ScriptKey } from './valueSource.js';

type Props = {
  label: string;
  value: unknown;
  onChange: (next: unknown) => void;
  readOnly?: boolean;
  description?: string | undefined;
};

/** `test`, `display`, `transform`: None, Go Template, Javascript, Expr or JSONPath; switching clears. */
export function ScriptInput({ label, value, onChange, readOnly = false, description }: Props) {
  const script = readScript(value);
  return (
    <fieldset className="flex flex-col gap-1 md:col-span-2" title={description}>
      <legend className="text-xs font-semibold text-muted">{label}</legend>
      <select
        className="input w-40"
        aria-label={`${label} kind`}
        disabled={readOnly}
        value={script?.key ?? ''}
        onChange={(e) => onChange(e.target.value ? { [e.target.value as ScriptKey]: '' } : undefined)}
      >
        <option value="">None</option>
        {SCRIPT_KINDS.map((k) => (
          <option key={k.key} value={k.key}>
            {k.label}
          </option>
        ))}
      </select>
      {script ? (
        <textarea
          className="input min-h-16 font-mono text-xs"
          aria-label={label}
          disabled={readOnly}
          value={script.text}
          onChange={(e) => onChange({ [script.key]: e.target.value })}
        />
      ) : null}
    </fieldset>
  );
}
