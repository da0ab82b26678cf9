import type { ReactNode } from 'react';
import { FieldSet } from './FieldSet.js';
import { fieldHint } from './fieldLabels.js';
import type { SchemaField } from './schemaFields.js';

type Props = {
  field: SchemaField;
  label: string;
  value: unknown;
  onChange: (next: unknown) => void;
  readOnly: boolean;
  /**
   * Draws fields editing an object, their accessible names starting with `group` (SchemaForm);
   * with `fold`, only the required ones before 'More settings'.
   */
  renderFields: (
    fields: SchemaField[],
    value: Record<string, unknown>,
    onChange: (next: Record<string, unknown>) => void,
    group: string,
    fold: boolean,
  ) => ReactNode;
};

type Item = Record<string, unknown>;

function isItem(v: unknown): v is Item {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The kind an item is: the first of the list's kinds it holds. */
export function itemKind(item: Item, kinds: readonly string[]): string | undefined {
  return kinds.find((k) => item[k] !== undefined);
}

/**
 * A list of objects as cards (a playbook's actions, a logging backend's backends): each card
 * has the item's own fields and, when the list has kinds, a Kind select and that kind's fields.
 * Switching kind drops the previous kind's values; keys the form does not know stay as they
 * were. An emptied list leaves the spec.
 */
export function ObjectListInput({ field, label, value, onChange, readOnly, renderFields }: Props) {
  const items = Array.isArray(value) ? value : [];
  const kinds = Object.keys(field.variants ?? {});
  const hint = fieldHint(field.description);
  const set = (i: number, next: unknown) => onChange(items.map((it, j) => (j === i ? next : it)));
  const remove = (i: number) => {
    const rest = items.filter((_, j) => j !== i);
    onChange(rest.length > 0 ? rest : undefined);
  };
  const add = () => onChange([...items, kinds[0] ? { [kinds[0]]: {} } : {}]);

  return (
    <FieldSet label={label} hint={hint} readOnly={readOnly}>
      {items.map((raw, i) => {
        const name = `${label} ${i + 1}`;
        // A value the form cannot edit as an object (a string in a list of objects) is shown, not lost.
        if (!isItem(raw))
          return (
            <p key={i} className="text-xs text-muted">
              {name}: edit this item in Code (YAML).
            </p>
          );
        const kind = itemKind(raw, kinds);
        const kindValue = kind && isItem(raw[kind]) ? raw[kind] : {};
        return (
          <div
            key={i}
            role="group"
            aria-label={name}
            className="flex flex-col gap-2 rounded-md bg-subtle p-3"
          >
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-xs font-semibold">{name}</span>
              {kinds.length > 0 ? (
                <select
                  className="input w-auto"
                  aria-label={`${name} kind`}
                  value={kind ?? ''}
                  onChange={(e) => {
                    const next: Item = { ...raw };
                    for (const k of kinds) delete next[k];
                    if (e.target.value) next[e.target.value] = {};
                    set(i, next);
                  }}
                >
                  {kind ? null : <option value="">Choose…</option>}
                  {kinds.map((k) => (
                    <option key={k} value={k}>
                      {k}
                    </option>
                  ))}
                </select>
              ) : null}
              {readOnly ? null : (
                <button type="button" className="btn btn-ghost ml-auto" onClick={() => remove(i)}>
                  Remove {name}
                </button>
              )}
            </div>
            {/* With kinds, an item's own settings (a timeout, a condition) fold under its kind's. */}
            {renderFields(field.fields ?? [], raw, (next) => set(i, next), name, kinds.length > 0)}
            {kind && field.variants?.[kind]?.length
              ? renderFields(
                  field.variants[kind],
                  kindValue,
                  (next) => set(i, { ...raw, [kind]: next }),
                  name,
                  false,
                )
              : null}
          </div>
        );
      })}
      {readOnly ? null : (
        <button type="button" className="btn self-start" onClick={add}>
          Add to {label}
        </button>
      )}
    </FieldSet>
  );
}
