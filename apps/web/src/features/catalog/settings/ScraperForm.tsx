import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import { useState } from 'react';
import { useConnectionChoices } from '../../../api/connectionChoices.js';
import { Controller, useForm } from 'react-hook-form';
import { stringify } from 'yaml';
import { useHasPermission } from '../../../auth/permissions.js';
import { parseYamlObject } from '../../../lib/yaml.js';
import { SpecField } from '../../../ui/CodeEditor/CodeField.js';
import { FormField } from '../../../ui/FormField.js';
import { ResourceForm } from '../../../ui/ResourceForm.js';
import { SpecFormEditor } from '../../../ui/schema-form/SpecFormEditor.js';
import { firstListKey } from '../../../ui/schema-form/specDraft.js';
import { TypePicker } from '../../../ui/schema-form/TypePicker.js';
import { useResourceMutations } from '../../../ui/useResourceMutations.js';
import { createScraper, deleteScraper, updateScraper } from '../api/scrapers.js';
import type { Scraper } from '../api/schemas.js';
import {
  NEW_SCRAPER_SPEC,
  SCRAPE_CONFIG_SCHEMA_URL,
  scraperFormSchema,
  type ScraperFormValues,
} from './scraperForm.js';
import { catalogKeys } from '../api/keys.js';
import {
  FORM_SCRAPER_TYPES,
  OTHER_TYPE,
  SCRAPER_CHOICES,
  SCRAPER_TEMPLATES,
  startScraperSpec,
  type ScraperChoice,
} from './scraperDraft.js';
import { ScraperTryResults } from './ScraperTryResults.js';
import { tryScraper, type ScraperTryInput } from './tryScraperApi.js';

const RESOURCE_NAME = 'Catalog Scraper';

function toValues(row: Scraper | undefined): ScraperFormValues {
  if (!row) return { name: '', namespace: 'default', source: 'UI', spec: NEW_SCRAPER_SPEC };
  return {
    name: row.name,
    namespace: row.namespace ?? '',
    source: row.source ?? 'UI',
    spec: stringify(row.spec ?? {}),
  };
}

/**
 * The draft as Try it sends it: what the form holds now, in the Form or the Code view (both
 * edit the YAML). YAML that does not parse goes as text, so the server names the problem.
 */
function toTryInput(v: ScraperFormValues): ScraperTryInput {
  return {
    name: v.name.trim(),
    namespace: v.namespace.trim() || 'default',
    spec: parseYamlObject(v.spec) ?? v.spec,
  };
}

/** The guided form's kind of a stored spec; specs of other kinds are edited as YAML. */
function typeOfRow(row: Scraper): ScraperChoice {
  return (
    firstListKey(
      row.spec ?? {},
      FORM_SCRAPER_TYPES.map((t) => t.type),
    ) ?? OTHER_TYPE
  );
}

/**
 * A scraper's `id`, `name`, `type` and `class` say how each config item it reads is named,
 * not the scraper: the words say so beside the scraper's own Name (issue 36).
 */
const ITEM_LABELS = { id: 'Item ID', name: 'Item name', type: 'Item type', class: 'Item class' };

/**
 * The scraper form: Name, Namespace, Source (read-only) and the spec. A new scraper starts with
 * its kind (or a template); a kind the form knows is edited as a form generated from the JSON
 * Schema or as YAML, other specs as YAML.
 */
export function ScraperForm({ row }: { row?: Scraper | undefined }) {
  const editing = row !== undefined;
  const canWrite = useHasPermission('config_scrapers', 'write');
  // A scraper's `connection` offers the stored connections as they are typed.
  const connections = useConnectionChoices();
  const qc = useQueryClient();
  const form = useForm<ScraperFormValues>({
    resolver: zodResolver(scraperFormSchema),
    defaultValues: toValues(row),
  });
  const errors = form.formState.errors;
  const [type, setType] = useState<ScraperChoice | undefined>(() => (row ? typeOfRow(row) : undefined));

  const mutations = useResourceMutations({
    resourceName: RESOURCE_NAME,
    listHref: '/catalog/scrapers',
    editing,
    save: async (v: ScraperFormValues) => {
      const spec = parseYamlObject(v.spec) ?? {};
      if (row) {
        await updateScraper(row.id, { name: v.name.trim(), spec });
        return row.id;
      }
      const created = await createScraper({
        name: v.name.trim(),
        namespace: v.namespace.trim() || 'default',
        source: 'UI',
        spec,
      });
      return created.id;
    },
    remove: () => deleteScraper(row?.id ?? ''),
    // The list and, below it, this scraper.
    onChanged: () => void qc.invalidateQueries({ queryKey: catalogKeys.scrapers() }),
    silentSave: true,
  });
  // Try it: the draft's sources are read once on the server, nothing stored (docs/catalog.md).
  const tryRun = useMutation({ mutationFn: tryScraper, meta: { silent: true } });
  const readOnly = !canWrite;

  if (type === undefined) {
    return (
      <TypePicker
        heading="Scraper type"
        choices={SCRAPER_CHOICES}
        templates={SCRAPER_TEMPLATES}
        onPick={(t) => {
          // Other (YAML) keeps the example spec the form starts with.
          if (t !== OTHER_TYPE) form.setValue('spec', startScraperSpec(t));
          setType(t);
        }}
        onTemplate={(t) => {
          form.setValue('spec', startScraperSpec(t.type, t.item));
          setType(t.type);
        }}
      />
    );
  }

  return (
    <ResourceForm
      label={RESOURCE_NAME}
      resourceName={RESOURCE_NAME}
      editing={editing}
      canWrite={canWrite}
      deleteQuestion={`Delete '${row?.name ?? ''}'? Its configs stay in the catalog until they go stale.`}
      form={form}
      mutations={mutations}
      {...(row ? { stored: { table: 'config_scrapers', id: row.id } } : {})}
      extraActions={
        canWrite ? (
          <button
            type="button"
            className="btn"
            disabled={tryRun.isPending}
            onClick={() => tryRun.mutate(toTryInput(form.getValues()))}
          >
            <Play className="size-3.5" aria-hidden /> {tryRun.isPending ? 'Trying…' : 'Try it'}
          </button>
        ) : undefined
      }
    >
      <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
        <FormField label="Name" error={errors.name?.message}>
          <input className="input" aria-label="Name" disabled={readOnly} {...form.register('name')} />
        </FormField>
        <FormField label="Namespace" error={errors.namespace?.message}>
          <input
            className="input"
            aria-label="Namespace"
            disabled={editing || readOnly}
            {...form.register('namespace')}
          />
        </FormField>
        <FormField label="Source">
          <input className="input" aria-label="Source" readOnly disabled {...form.register('source')} />
        </FormField>
      </div>
      {type === OTHER_TYPE ? (
        <SpecField
          control={form.control}
          schemaUrl={SCRAPE_CONFIG_SCHEMA_URL}
          height="420px"
          readOnly={readOnly}
        />
      ) : (
        <Controller
          control={form.control}
          name="spec"
          render={({ field, fieldState }) => (
            <SpecFormEditor
              schemaUrl={SCRAPE_CONFIG_SCHEMA_URL}
              itemKey={type}
              templates={SCRAPER_TEMPLATES.filter((t) => t.type === type).map((t) => ({
                label: t.label,
                value: t.item,
              }))}
              labels={ITEM_LABELS}
              suggestions={{ connection: connections }}
              text={field.value}
              onChange={field.onChange}
              readOnly={readOnly}
              error={fieldState.error?.message}
              // A stored spec opens as it was edited before: as YAML.
              initialView={editing ? 'code' : 'form'}
            />
          )}
        />
      )}
      <ScraperTryResults running={tryRun.isPending} error={tryRun.error} answer={tryRun.data} />
    </ResourceForm>
  );
}
