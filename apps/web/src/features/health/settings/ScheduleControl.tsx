import { SCHEDULE_PRESETS, type SchedulePresetSet } from '@opsdeck/shared';
import { useState } from 'react';
import { FormField } from '../../../ui/FormField.js';

const CUSTOM = 'custom';

/** The canary's schedule: a preset, none, or a custom cron / interval. */
export function ScheduleControl({
  value,
  onChange,
  disabled = false,
  error,
  presets = 'default',
}: {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  error?: string | undefined;
  /** Which preset list (doc 3 §9): short, medium or default; anything else is Custom. */
  presets?: SchedulePresetSet;
}) {
  const offered: readonly string[] = SCHEDULE_PRESETS[presets];
  const isPreset = (v: string) => offered.includes(v);
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
          {offered.map((s) => (
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
