import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { stringify } from 'yaml';
import { useHasPermission } from '../../../auth/permissions.js';
import { parseYamlObject } from '../../../lib/yaml.js';
import { CodeField } from '../../../ui/CodeEditor/CodeField.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { FormField } from '../../../ui/FormField.js';
import { ResourceFormActions } from '../../../ui/ResourceFormActions.js';
import { createScraper, deleteScraper, updateScraper } from '../api/scrapers.js';
import type { Scraper } from '../api/schemas.js';
import {
  NEW_SCRAPER_SPEC,
  SCRAPE_CONFIG_SCHEMA_URL,
  scraperFormSchema,
  type ScraperFormValues,
} from './scraperForm.js';

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

/** The scraper form (spec 3 §2.4): Name, Namespace, Source (read-only) and the YAML spec. */
export function ScraperForm({ row }: { row?: Scraper | undefined }) {
  const editing = row !== undefined;
  const canWrite = useHasPermission('config_scrapers', 'write');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const form = useForm<ScraperFormValues>({
    resolver: zodResolver(scraperFormSchema),
    defaultValues: toValues(row),
  });
  const errors = form.formState.errors;

  const save = useMutation({
    mutationFn: async (v: ScraperFormValues) => {
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
    meta: { silent: true },
    onSuccess: (id) => {
      toast.success(
        editing ? `${RESOURCE_NAME} updated successfully` : `${RESOURCE_NAME} created successfully`,
      );
      void qc.invalidateQueries({ queryKey: ['config_scrapers'] });
      void qc.invalidateQueries({ queryKey: ['config_scraper', id] });
      if (!editing) void navigate(`/settings/config_scrapers/${id}`, { replace: true });
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteScraper(row?.id ?? ''),
    onSuccess: () => {
      toast.success(`${RESOURCE_NAME} deleted successfully`);
      void qc.invalidateQueries({ queryKey: ['config_scrapers'] });
      void navigate('/settings/config_scrapers');
    },
  });
  const readOnly = !canWrite;

  return (
    <form
      className="flex min-h-0 flex-1 flex-col gap-3"
      onSubmit={form.handleSubmit((v) => save.mutate(v))}
      aria-label={RESOURCE_NAME}
      noValidate
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
      <CodeField
        control={form.control}
        name="spec"
        label="Spec"
        error={errors.spec?.message}
        language="yaml"
        jsonSchemaUrl={SCRAPE_CONFIG_SCHEMA_URL}
        height="420px"
        readOnly={readOnly}
      />
      {save.isError ? <ErrorView error={save.error} /> : null}
      {canWrite ? (
        <ResourceFormActions
          resourceName={RESOURCE_NAME}
          editing={editing}
          deleteQuestion={`Delete '${row?.name ?? ''}'? Its configs stay in the catalog until they go stale.`}
          saving={save.isPending}
          deleting={remove.isPending}
          onDelete={() => remove.mutate()}
        />
      ) : null}
    </form>
  );
}
