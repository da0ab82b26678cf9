import { useState } from 'react';
import { FormField } from '../../../ui/FormField.js';

/** The usual run intervals; anything else is typed as a cron or '@every' expression. */
export const SCHEDULE_PRESETS = ['@every 30s', '@every 1m', '@every 5m', '@every 15m', '@every 1h'] as const;
const CUSTOM = 'custom';

function isPreset(v: string): boolean {
  return SCHEDULE_PRESETS.some((p) => p === v);
}

/** The canary's schedule: a preset, none, or a custom cron / interval. */
export function ScheduleControl({
  value,
  onChange,
  disabled = false,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  error?: string | undefined;
}) {
  const [custom, setCustom] = useState(() => value !== '' && !isPreset(value));
  const showCustom = custom || (value !== '' && !isPreset(value));
  return (
    <FormField label="Schedule" error={error} labelable={false}>
      <div className="flex gap-2">
        <select
          className="input"
          aria-label="Schedule"
          disabled={disabled}
          value={showCustom ? CUSTOM : value}
          onChange={(e) => {
            const v = e.target.value;
            setCustom(v === CUSTOM);
            if (v !== CUSTOM) onChange(v);
          }}
        >
          <option value="">None</option>
          {SCHEDULE_PRESETS.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
          <option value={CUSTOM}>Custom</option>
        </select>
        {showCustom ? (
          <input
            className="input flex-1"
            aria-label="Custom schedule"
            placeholder="*/10 * * * * or @every 2m"
            disabled={disabled}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : null}
      </div>
    </FormField>
  );
}
