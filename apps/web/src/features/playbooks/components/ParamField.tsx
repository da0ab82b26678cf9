import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { CodeEditor } from '../../../ui/CodeEditor/CodeEditor.js';
import { FormField } from '../../../ui/FormField.js';
import { cn } from '../../../lib/cn.js';
import { playbookKeys } from '../api/keys.js';
import { fetchPeople, fetchTeams, searchResources, type PickOption } from '../api/runDialog.js';
import type { RunParam } from '../api/types.js';
import { editorLanguage, filterTypes, pickerKind, sizeClass } from '../lib/paramPickers.js';
import { options, paramType, prop, sizeFormat, validateParam } from '../lib/params.js';
import { CpuInput, MemoryInput } from './SizeInputs.js';
import { SearchPicker } from './SearchPicker.js';

export type ParamValues = { values: string[] };

type Props = { param: RunParam; index: number; control: Control<ParamValues> };

function Choices({
  label,
  value,
  onChange,
  choices,
  className,
  required,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  choices: PickOption[];
  className: string;
  required: boolean;
}) {
  return (
    <select
      className={cn('input', className)}
      aria-label={label}
      aria-required={required}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">—</option>
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </select>
  );
}

/** One parameter of the Run playbook dialog, drawn by its type; values are strings. */
export function ParamField({ param: p, index, control }: Props) {
  const type = paramType(p);
  const label = p.label || p.name;
  const required = Boolean(p.required);
  const width = sizeClass(p);
  const teams = useQuery({
    queryKey: playbookKeys.options('teams', ''),
    queryFn: ({ signal }) => fetchTeams(signal),
    enabled: type === 'team',
  });
  const role = prop(p, 'role') || undefined;
  const people = useQuery({
    queryKey: playbookKeys.options('people', role ?? ''),
    queryFn: ({ signal }) => fetchPeople(role, signal),
    enabled: type === 'people',
  });
  const kind = pickerKind(type);
  const types = filterTypes(p);

  return (
    <Controller
      control={control}
      name={`values.${index}`}
      rules={{ validate: (v) => validateParam(p, v) ?? true }}
      render={({ field, fieldState }) => {
        const value = field.value;
        const set = (v: string) => field.onChange(v);
        const common = { 'aria-label': label, 'aria-required': required, onBlur: field.onBlur };
        let control;
        if (type === 'checkbox')
          return (
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                {...common}
                checked={value === 'true'}
                onChange={(e) => set(e.target.checked ? 'true' : 'false')}
              />
              <span className="text-sm">{label}</span>
              {p.description ? <span className="text-xs text-muted">{p.description}</span> : null}
            </label>
          );
        const size = sizeFormat(p);
        if (type === 'code')
          control = (
            <CodeEditor
              value={value}
              onChange={set}
              language={editorLanguage(p)}
              height="160px"
              ariaLabel={label}
              // properties.jsonSchemaUrl: the YAML is checked (and completed) against that schema.
              {...(prop(p, 'jsonSchemaUrl') ? { jsonSchemaUrl: prop(p, 'jsonSchemaUrl') } : {})}
            />
          );
        else if (size === 'bytes')
          control = (
            <MemoryInput
              label={label}
              required={required}
              value={value}
              onChange={set}
              onBlur={field.onBlur}
            />
          );
        else if (size === 'millicores')
          control = (
            <CpuInput label={label} required={required} value={value} onChange={set} onBlur={field.onBlur} />
          );
        else if (type === 'list' || (type === 'duration' && options(p).length > 0))
          control = (
            <Choices
              label={label}
              value={value}
              onChange={set}
              choices={options(p)}
              className={width}
              required={required}
            />
          );
        else if (type === 'team' || type === 'people')
          control = (
            <Choices
              label={label}
              value={value}
              onChange={set}
              choices={(type === 'team' ? teams.data : people.data) ?? []}
              className={width}
              required={required}
            />
          );
        else if (kind)
          control = (
            <PickerValue
              label={label}
              value={value}
              onChange={set}
              cacheKey={playbookKeys.options(kind, types.join(','))}
              load={(text, signal) => searchResources(kind, text, types, signal)}
            />
          );
        else if (type === 'text' && prop(p, 'multiline') === 'true')
          control = (
            <textarea
              className={cn('input min-h-20', width)}
              {...common}
              value={value}
              onChange={(e) => set(e.target.value)}
            />
          );
        else
          control = (
            <input
              className={cn('input', width)}
              type={type === 'secret' ? 'password' : 'text'}
              autoComplete={type === 'secret' ? 'off' : undefined}
              placeholder={type === 'bytes' ? '512Mi' : type === 'millicores' ? '500m' : undefined}
              {...common}
              value={value}
              onChange={(e) => set(e.target.value)}
            />
          );
        return (
          <FormField label={label} required={required} error={fieldState.error?.message} labelable={false}>
            {control}
            {p.description ? <span className="text-xs text-muted">{p.description}</span> : null}
          </FormField>
        );
      }}
    />
  );
}

/** A picker over an id value: the label is remembered once picked. */
function PickerValue({
  label,
  value,
  onChange,
  cacheKey,
  load,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  cacheKey: readonly unknown[];
  load: (text: string, signal: AbortSignal) => Promise<PickOption[]>;
}) {
  // The picked option keeps its name; a default arrives as an id only.
  const [picked, setPicked] = useState<PickOption | undefined>(value ? { value, label: value } : undefined);
  return (
    <SearchPicker
      label={label}
      value={picked}
      onChange={(o) => {
        setPicked(o);
        onChange(o?.value ?? '');
      }}
      cacheKey={cacheKey}
      load={load}
    />
  );
}
