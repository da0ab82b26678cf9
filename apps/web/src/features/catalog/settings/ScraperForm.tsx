import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { stringify } from 'yaml';
import { useHasPermission } from '../../../auth/permissions.js';
import { parseYamlObject } from '../../../lib/yaml.js';
import { SpecField } from '../../../ui/CodeEditor/CodeField.js';
import { FormField } from '../../../ui/FormField.js';
import { ResourceForm } from '../../../ui/ResourceForm.js';
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

/** The scraper form: Name, Namespace, Source (read-only) and the YAML spec. */
export function ScraperForm({ row }: { row?: Scraper | undefined }) {
  const editing = row !== undefined;
  const canWrite = useHasPermission('config_scrapers', 'write');
  const qc = useQueryClient();
  const form = useForm<ScraperFormValues>({
    resolver: zodResolver(scraperFormSchema),
    defaultValues: toValues(row),
  });
  const errors = form.formState.errors;

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
  const readOnly = !canWrite;

  return (
    <ResourceForm
      label={RESOURCE_NAME}
      resourceName={RESOURCE_NAME}
      editing={editing}
      canWrite={canWrite}
      deleteQuestion={`Delete '${row?.name ?? ''}'? Its configs stay in the catalog until they go stale.`}
      form={form}
      mutations={mutations}
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
      <SpecField
        control={form.control}
        schemaUrl={SCRAPE_CONFIG_SCHEMA_URL}
        height="420px"
        readOnly={readOnly}
      />
    </ResourceForm>
  );
}
