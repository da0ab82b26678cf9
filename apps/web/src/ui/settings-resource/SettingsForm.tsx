import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { stringify } from 'yaml';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { usePeopleChoices } from '../../api/peopleChoices.js';
import { useHasPermission } from '../../auth/permissions.js';
import { CodeField, SpecField } from '../CodeEditor/CodeField.js';
import { SpecWarnings } from '../CodeEditor/SpecWarnings.js';
import { FormField } from '../FormField.js';
import { LabelsField } from '../LabelsField.js';
import { IconPicker } from '../IconPicker.js';
import { ResourceForm } from '../ResourceForm.js';
import { SpecFormEditor } from '../schema-form/SpecFormEditor.js';
import { useResourceMutations } from '../useResourceMutations.js';
import { settingsResourceKeys } from './keys.js';
import type { SettingsRow } from './row.js';
import {
  formInput,
  formValues,
  SCHEDULE_OPTIONS,
  settingsFormSchema,
  type SettingsFormValues,
} from './settingsForm.js';
import { createSettingsRow, deleteSettingsRow, updateSettingsRow } from './settingsResourceApi.js';
import type { SettingsTable } from './types.js';

/** The spec's schedule options, plus a stored schedule that is not one of them. */
function scheduleOptions(stored: string | null | undefined): readonly string[] {
  return stored && !SCHEDULE_OPTIONS.some((o) => o === stored)
    ? [...SCHEDULE_OPTIONS, stored]
    : SCHEDULE_OPTIONS;
}

/**
 * Fields of the spec the form's own controls edit: the row's Name above is the name (a spec's
 * own `name` stays editable in the YAML), and a schedule column's dropdown.
 */
const GUIDED_OMIT = ['name'] as const;
const GUIDED_OMIT_WITH_SCHEDULE = ['name', 'schedule'] as const;

/**
 * The generic resource form: Name (required, set once), Icon, Namespace
 * (default 'default', set once), Labels as JSON, Schedule from `SCHEDULE_OPTIONS`, and the
 * Spec as YAML checked against the table's schema; Save/Update and Delete for writers only.
 */
export function SettingsForm({ table: t, row }: { table: SettingsTable; row?: SettingsRow }) {
  const editing = row !== undefined;
  const people = usePeopleChoices(Boolean(t.guidedSpec && t.peopleFields?.length));
  const personSuggestions = useMemo(
    () => Object.fromEntries((t.peopleFields ?? []).map((f) => [f, people])),
    [t.peopleFields, people],
  );
  const canWrite = useHasPermission(t.resource, 'write');
  const queryClient = useQueryClient();
  const schema = useMemo(() => settingsFormSchema(t.checkSpec), [t.checkSpec]);
  const form = useForm<SettingsFormValues>({
    resolver: zodResolver(schema),
    defaultValues: formValues(t, row),
    // Checked on blur and on change; a submit marks every field touched (doc 3 §4).
    mode: 'all',
  });
  const errors = form.formState.errors;
  const specText = useWatch({ control: form.control, name: 'spec' });
  const warnings = useMemo(() => t.specWarnings?.(specText) ?? [], [t, specText]);
  const mutations = useResourceMutations({
    resourceName: t.resourceName,
    listHref: t.returnTo ?? `/settings/${t.table}`,
    leaveOnUpdate: t.returnTo !== undefined,
    editing,
    save: async (v: SettingsFormValues) => {
      const input = formInput(t, v, editing);
      if (row) {
        await updateSettingsRow(t, row.id, input);
        return row.id;
      }
      return createSettingsRow(t, input);
    },
    remove: () => deleteSettingsRow(t, row?.id ?? ''),
    onChanged: () => void queryClient.invalidateQueries({ queryKey: settingsResourceKeys.table(t.table) }),
    silentSave: true,
  });
  const readOnly = !canWrite;
  // Name and namespace identify a stored row: they are set once.
  const locked = editing || readOnly;
  const has = (f: SettingsTable['fields'][number]) => t.fields.includes(f);
  const name = row?.name ?? '';

  return (
    <ResourceForm
      label={t.resourceName}
      resourceName={t.resourceName}
      editing={editing}
      canWrite={canWrite}
      deleteQuestion={t.deleteQuestion?.(name) ?? `Delete '${name}'?`}
      form={form}
      mutations={mutations}
      {...(row ? { stored: { table: t.table, id: row.id } } : {})}
    >
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-4">
        <FormField label="Name" error={errors.name?.message} required>
          <input className="input" aria-required disabled={locked} {...form.register('name')} />
        </FormField>
        {has('icon') ? (
          <FormField label="Icon" error={errors.icon?.message} labelable={false}>
            <Controller
              control={form.control}
              name="icon"
              render={({ field }) => (
                <IconPicker label="Icon" value={field.value} onChange={field.onChange} disabled={readOnly} />
              )}
            />
          </FormField>
        ) : null}
        {has('namespace') ? (
          <FormField label="Namespace" error={errors.namespace?.message}>
            <input className="input" disabled={locked} {...form.register('namespace')} />
          </FormField>
        ) : null}
        {has('schedule') ? (
          <FormField label="Schedule" error={errors.schedule?.message}>
            <select className="input" disabled={readOnly} {...form.register('schedule')}>
              <option value="">None</option>
              {scheduleOptions(row?.schedule).map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </FormField>
        ) : null}
      </div>
      {has('labels') ? <LabelsField control={form.control} name="labels" readOnly={readOnly} /> : null}
      {!editing && canWrite && t.templates?.length ? (
        <section aria-label="Templates" className="flex flex-wrap items-center gap-2">
          <span className="text-xs font-semibold text-muted">Templates</span>
          {t.templates.map((tpl) => (
            <button
              key={tpl.label}
              type="button"
              className="rounded-md border border-line px-2 py-1 text-sm hover:bg-subtle"
              onClick={() => form.setValue('spec', stringify(tpl.spec), { shouldDirty: true })}
            >
              {tpl.label}
            </button>
          ))}
        </section>
      ) : null}
      {t.schemaUrl && t.guidedSpec ? (
        <FormField label="Spec" labelable={false}>
          <Controller
            control={form.control}
            name="spec"
            render={({ field, fieldState }) => (
              <SpecFormEditor
                schemaUrl={t.schemaUrl ?? ''}
                text={field.value}
                onChange={field.onChange}
                readOnly={readOnly}
                error={fieldState.error?.message}
                // Most of a spec (nested children, lookups) is only editable as YAML, unless the
                // form takes its groups too; a stored spec opens as it was edited before.
                initialView={t.guidedGroups && !editing ? 'form' : 'code'}
                groups={t.guidedGroups ?? false}
                {...(t.guidedLists ? { lists: t.guidedLists } : {})}
                suggestions={personSuggestions}
                // A rule's people are people: picked from the list, not typed (docs/incidents.md).
                strict
                omit={has('schedule') ? GUIDED_OMIT_WITH_SCHEDULE : GUIDED_OMIT}
                {...(t.specWarnings ? { warnings: t.specWarnings } : {})}
              />
            )}
          />
        </FormField>
      ) : t.schemaUrl ? (
        <SpecField
          control={form.control}
          schemaUrl={t.schemaUrl}
          height="380px"
          readOnly={readOnly}
          {...(t.specWarnings ? { warnings: t.specWarnings } : {})}
        />
      ) : (
        <CodeField
          control={form.control}
          name="spec"
          label="Spec"
          language="yaml"
          height="380px"
          readOnly={readOnly}
        />
      )}
      <SpecWarnings title="Looked-up values pasted into scripts" warnings={warnings} />
    </ResourceForm>
  );
}
