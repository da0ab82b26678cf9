import { useQuery } from '@tanstack/react-query';
import { Controller, type Control } from 'react-hook-form';
import { DEBOUNCE, useDebouncedValue } from '../../../lib/useDebouncedValue.js';
import { useState } from 'react';
import { FormField } from '../../../ui/FormField.js';
import { SegmentedControl } from '../../../ui/SegmentedControl.js';
import { notificationKeys } from '../api/keys.js';
import { searchLookup } from '../api/lookups.js';
import { previewSilence } from '../api/silences.js';
import { useNames } from '../api/useNames.js';
import {
  SILENCE_FORM_RESOURCES,
  type SilenceFormResource,
  type SilenceFormValues,
} from '../lib/silenceForm.js';

/** A searchable pick of one resource of the chosen kind. */
function ResourcePicker({
  kind,
  value,
  onChange,
  error,
}: {
  kind: SilenceFormResource;
  value: string;
  onChange: (id: string) => void;
  error?: string | undefined;
}) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), DEBOUNCE.list);
  const found = useQuery({
    queryKey: notificationKeys.lookup(`${kind}-search`, [search]),
    queryFn: ({ signal }) => searchLookup(kind, search, { signal }),
  });
  const chosenName = useNames(kind, value ? [value] : []).get(value);
  const options = found.data ?? [];
  const label = SILENCE_FORM_RESOURCES.find((r) => r.value === kind)?.label ?? kind;
  return (
    <div className="flex flex-col gap-2">
      <input
        className="input w-full"
        placeholder={`Search ${label.toLowerCase()} by name`}
        aria-label={`Search ${label}`}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <FormField label={label} error={error} required>
        <select
          className="input w-full"
          aria-required
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">{found.isPending ? 'Loading…' : `Select a ${label.toLowerCase()}`}</option>
          {value && !options.some((o) => o.value === value) ? (
            <option value={value}>{chosenName ?? value}</option>
          ) : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </FormField>
    </div>
  );
}

/** What the silence would match, before it is saved (GET /api/notification/silence_preview). */
export function SilencePreview({ type, id, recursive }: { type: string; id: string; recursive: boolean }) {
  const preview = useQuery({
    queryKey: notificationKeys.silencePreview(type, id, recursive),
    queryFn: ({ signal }) => previewSilence(type, id, recursive, signal),
    enabled: id !== '',
    meta: { silent: true },
  });
  if (!id) return null;
  let body;
  if (preview.isPending) body = <p className="text-muted">Loading…</p>;
  else if (preview.isError)
    body = <p className="text-health-unhealthy">Could not load the matched resources.</p>;
  else if (preview.data.length === 0) body = <p className="text-muted">No resources found</p>;
  else
    body = (
      <ul className="flex flex-col gap-0.5">
        {preview.data.map((r) => (
          <li key={r.id} className="flex gap-2">
            <span className="truncate">{r.name}</span>
            {r.type ? <span className="text-muted">{r.type}</span> : null}
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-label="Matched resources" className="rounded-md border border-line bg-canvas p-3">
      <h3 className="mb-1 text-xs font-semibold text-muted">Matched resources</h3>
      {body}
    </section>
  );
}

/** Resource (Catalog, Component or Check; choosing one clears the others) and Recursive. */
export function SilenceResourceFields({ control }: { control: Control<SilenceFormValues> }) {
  return (
    <>
      <Controller
        control={control}
        name="resourceType"
        render={({ field }) => (
          <Controller
            control={control}
            name="resourceId"
            render={({ field: idField, fieldState }) => (
              <div className="flex flex-col gap-2">
                <span className="text-xs font-semibold text-muted">Resource</span>
                <SegmentedControl
                  label="Resource"
                  options={SILENCE_FORM_RESOURCES.map((r) => ({ value: r.value, label: r.label }))}
                  value={field.value}
                  onChange={(next) => {
                    field.onChange(next);
                    idField.onChange('');
                  }}
                />
                <ResourcePicker
                  key={field.value}
                  kind={field.value}
                  value={idField.value}
                  onChange={idField.onChange}
                  error={fieldState.error?.message}
                />
              </div>
            )}
          />
        )}
      />
      <label className="flex items-center gap-2">
        <Controller
          control={control}
          name="recursive"
          render={({ field }) => (
            <input type="checkbox" checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
          )}
        />
        <span>Recursive</span>
        <span className="text-xs text-muted">also silences the resource&apos;s descendants</span>
      </label>
    </>
  );
}
