import { FormField } from '../../../ui/FormField.js';
import { SILENCE_DURATIONS } from '../lib/silenceForm.js';

/** Silence Duration: how long from now the silence lasts. `keepLabel` adds a 'no change' choice (edit). */
export function SilenceDurationField({
  value,
  onChange,
  error,
  keepLabel,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  keepLabel?: string;
}) {
  return (
    <FormField label="Silence Duration" error={error} required={!keepLabel}>
      <select className="input w-full" value={value} onChange={(e) => onChange(e.target.value)}>
        {keepLabel ? <option value="">{keepLabel}</option> : null}
        {SILENCE_DURATIONS.map((d) => (
          <option key={d.value} value={d.value}>
            {d.label}
          </option>
        ))}
      </select>
    </FormField>
  );
}
