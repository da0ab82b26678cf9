import { Plus, Trash2 } from 'lucide-react';
import { ValueSourceInput } from './ValueSourceInput.js';

type Item = Record<string, unknown>;

const isItem = (v: unknown): v is Item => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What an item's value is, as ValueSourceInput reads it: the text, or the reference. */
function valueOf(item: Item): unknown {
  return isItem(item.valueFrom) ? { valueFrom: item.valueFrom } : item.value;
}

/** The item with the value ValueSourceInput wrote: `value` for a text, `valueFrom` for a reference. */
export function withItemValue(item: Item, next: unknown): Item {
  const { value: _value, valueFrom: _valueFrom, ...rest } = item;
  if (typeof next === 'string') return { ...rest, value: next };
  if (isItem(next) && isItem(next.valueFrom)) return { ...rest, valueFrom: next.valueFrom };
  if (isItem(next) && typeof next.value === 'string') return { ...rest, value: next.value };
  return rest;
}

type Props = {
  label: string;
  value: unknown;
  onChange: (next: unknown) => void;
  readOnly: boolean;
  description?: string | undefined;
};

/**
 * A list of `{name, value | valueFrom}` (an http check's headers, a check's env): a row each,
 * its value static or a secret or config map reference. Other keys of an item are kept.
 */
export function NamedValuesInput({ label, value, onChange, readOnly, description }: Props) {
  const items = Array.isArray(value) ? value.filter(isItem) : [];
  const set = (next: Item[]) => onChange(next.length ? next : undefined);
  const replace = (i: number, item: Item) => set(items.map((x, j) => (j === i ? item : x)));
  return (
    <fieldset className="flex flex-col gap-1.5 md:col-span-2" title={description}>
      <legend className="text-xs font-semibold text-muted">{label}</legend>
      {items.map((item, i) => (
        // Items have no identity but their place; removing one re-renders those after it.
        <div key={i} className="flex flex-wrap items-start gap-2">
          <input
            className="input w-48 max-md:w-full"
            placeholder="Name"
            aria-label={`${label} ${i + 1} name`}
            disabled={readOnly}
            value={typeof item.name === 'string' ? item.name : ''}
            onChange={(e) => replace(i, { ...item, name: e.target.value })}
          />
          <div className="min-w-0 flex-1">
            <ValueSourceInput
              label={`${label} ${i + 1} value`}
              hideLegend
              value={valueOf(item)}
              readOnly={readOnly}
              onChange={(next) => replace(i, withItemValue(item, next))}
            />
          </div>
          {readOnly ? null : (
            <button
              type="button"
              className="btn btn-ghost btn-icon"
              aria-label={`Remove ${label} ${i + 1}`}
              onClick={() => set(items.filter((_, j) => j !== i))}
            >
              <Trash2 className="size-4" aria-hidden />
            </button>
          )}
        </div>
      ))}
      {readOnly ? null : (
        <button type="button" className="btn self-start" onClick={() => set([...items, { name: '' }])}>
          <Plus className="size-4" aria-hidden /> Add to {label}
        </button>
      )}
    </fieldset>
  );
}
