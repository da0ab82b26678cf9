import { cn } from '../../lib/cn.js';
import { FormField } from '../FormField.js';
import {
  emptySource,
  readValueSource,
  VALUE_SOURCES,
  writeValueSource,
  type ValueSource,
  type ValueSourceKind,
} from './valueSource.js';

type Props = {
  label: string;
  value: unknown;
  onChange: (next: unknown) => void;
  required?: boolean;
  readOnly?: boolean;
  description?: string | undefined;
  /** The caption is read by assistive technology only (a row of a list whose columns say it). */
  hideLegend?: boolean;
};

/**
 * A secret-capable value: Static (a text), Secret or ConfigMap (a name and a key). Switching
 * the source clears what the previous one held.
 */
export function ValueSourceInput({
  label,
  value,
  onChange,
  required = false,
  readOnly = false,
  description,
  hideLegend = false,
}: Props) {
  const source = readValueSource(value);
  const set = (next: ValueSource) => onChange(writeValueSource(next, value));
  return (
    <fieldset className="flex flex-col gap-1" title={description}>
      <legend
        className={cn(
          'text-xs font-semibold text-muted',
          required && "after:ml-0.5 after:text-health-unhealthy after:content-['*'_/_'']",
          hideLegend && 'sr-only',
        )}
      >
        {label}
      </legend>
      {source.kind === 'other' ? (
        <p className="text-xs text-muted">A reference the form does not edit: see the Code view.</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          <select
            className="input w-32"
            aria-label={`${label} source`}
            disabled={readOnly}
            value={source.kind}
            onChange={(e) => set(emptySource(e.target.value as ValueSourceKind))}
          >
            {VALUE_SOURCES.map((s) => (
              <option key={s.kind} value={s.kind}>
                {s.label}
              </option>
            ))}
          </select>
          {source.kind === 'static' ? (
            <input
              className="input min-w-40 flex-1"
              aria-label={label}
              aria-required={required || undefined}
              disabled={readOnly}
              value={source.text}
              onChange={(e) => set({ kind: 'static', text: e.target.value })}
            />
          ) : (
            <>
              <FormField label={`${source.kind === 'secret' ? 'Secret' : 'ConfigMap'} name`}>
                <input
                  className="input"
                  disabled={readOnly}
                  value={source.name}
                  onChange={(e) => set({ ...source, name: e.target.value })}
                />
              </FormField>
              <FormField label="Key">
                <input
                  className="input"
                  disabled={readOnly}
                  value={source.key}
                  onChange={(e) => set({ ...source, key: e.target.value })}
                />
              </FormField>
            </>
          )}
        </div>
      )}
    </fieldset>
  );
}
