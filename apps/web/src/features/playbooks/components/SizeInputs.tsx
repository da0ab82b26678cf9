import { useState } from 'react';
import { MEMORY_UNITS, splitMemory, splitMillicores, type MemoryUnit } from '../lib/params.js';

type Props = {
  label: string;
  required: boolean;
  value: string;
  onChange: (v: string) => void;
  onBlur: () => void;
};

/** A value the structured input cannot show (2G, 0.5 cores) stays an editable text. */
function Plain({ label, required, value, onChange, onBlur }: Props) {
  return (
    <input
      className="input w-40"
      aria-label={label}
      aria-required={required}
      value={value}
      onBlur={onBlur}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** Memory: an amount and its unit, Mi (the default), Gi or Ti; stored as '512Mi'. */
export function MemoryInput(props: Props) {
  const split = splitMemory(props.value);
  // The unit stays chosen while the amount is empty.
  const [unit, setUnit] = useState<MemoryUnit>(split?.unit ?? 'Mi');
  if (!split) return <Plain {...props} />;
  const shownUnit = split.amount ? split.unit : unit;
  const write = (amount: string, u: MemoryUnit) =>
    props.onChange(amount.trim() ? `${amount.trim()}${u}` : '');
  return (
    <span className="flex gap-1">
      <input
        className="input w-32"
        type="number"
        min={0}
        step="any"
        aria-label={props.label}
        aria-required={props.required}
        value={split.amount}
        onBlur={props.onBlur}
        onChange={(e) => write(e.target.value, shownUnit)}
      />
      <select
        className="input w-20"
        aria-label={`${props.label} unit`}
        value={shownUnit}
        onChange={(e) => {
          const u = e.target.value as MemoryUnit;
          setUnit(u);
          write(split.amount, u);
        }}
      >
        {MEMORY_UNITS.map((u) => (
          <option key={u} value={u}>
            {u}
          </option>
        ))}
      </select>
    </span>
  );
}

/** CPU: a number of millicores, shown with its suffix m and stored as '500m'. */
export function CpuInput(props: Props) {
  const amount = splitMillicores(props.value);
  if (amount === undefined) return <Plain {...props} />;
  return (
    <span className="flex items-center gap-1">
      <input
        className="input w-32"
        type="number"
        min={0}
        step={1}
        aria-label={props.label}
        aria-required={props.required}
        value={amount}
        onBlur={props.onBlur}
        onChange={(e) => props.onChange(e.target.value.trim() ? `${e.target.value.trim()}m` : '')}
      />
      <span className="text-sm text-muted" aria-hidden>
        m
      </span>
    </span>
  );
}
