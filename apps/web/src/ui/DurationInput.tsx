import { useState } from 'react';

const UNITS = [
  { value: 's', label: 'seconds' },
  { value: 'm', label: 'minutes' },
  { value: 'h', label: 'hours' },
  { value: 'd', label: 'days' },
  { value: 'w', label: 'weeks' },
] as const;
type Unit = (typeof UNITS)[number]['value'];

/** '90m' → 90 minutes; undefined for what one amount and unit cannot say ('1h30m', '500ms'). */
export function splitDuration(text: string): { amount: string; unit: Unit } | undefined {
  const m = /^(\d+(?:\.\d*)?)(s|m|h|d|w)$/.exec(text.trim());
  return m ? { amount: m[1] ?? '', unit: m[2] as Unit } : undefined;
}

type Props = {
  /** The field's name: the amount and the unit are named after it. */
  label: string;
  /** A Go duration ('5m'), or '' for none. */
  value: string;
  onChange: (next: string) => void;
  readOnly?: boolean;
  describedBy?: string | undefined;
  invalid?: boolean;
};

/**
 * A duration as an amount and a unit (5 minutes), written as the spec keeps it ('5m'). A value
 * one amount and unit cannot say ('1h30m') is shown as its text, editable as it is.
 */
export function DurationInput({ label, value, onChange, readOnly = false, describedBy, invalid }: Props) {
  const parsed = splitDuration(value);
  // The unit is kept while the amount is empty, so clearing the number does not reset it; a
  // new value starts in minutes.
  const [unit, setUnit] = useState<Unit>(parsed?.unit ?? 'm');
  const shownUnit = parsed?.unit ?? unit;
  if (value.trim() !== '' && !parsed) {
    return (
      <input
        className="input"
        aria-label={label}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        disabled={readOnly}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <div className="flex gap-1.5">
      <input
        className="input w-24"
        type="text"
        inputMode="decimal"
        aria-label={`${label} amount`}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        disabled={readOnly}
        value={parsed?.amount ?? ''}
        onChange={(e) => {
          // Digits and a point only: an amount typed with its unit ('5m') keeps the number.
          const amount = e.target.value.replace(/[^\d.]/g, '');
          onChange(amount === '' ? '' : `${amount}${shownUnit}`);
        }}
      />
      <select
        className="input w-28"
        aria-label={`${label} unit`}
        disabled={readOnly}
        value={shownUnit}
        onChange={(e) => {
          const next = e.target.value as Unit;
          setUnit(next);
          if (parsed) onChange(`${parsed.amount}${next}`);
        }}
      >
        {UNITS.map((u) => (
          <option key={u.value} value={u.value}>
            {u.label}
          </option>
        ))}
      </select>
    </div>
  );
}
