import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useHasPermission } from '../../../auth/permissions.js';
import { FormField } from '../../../ui/FormField.js';
import { ResourceForm } from '../../../ui/ResourceForm.js';
import { useResourceMutations } from '../../../ui/useResourceMutations.js';
import { statusPageKeys } from '../api/keys.js';
import {
  createStatusPage,
  deleteStatusPage,
  updateStatusPage,
  type StatusPageRow,
} from '../api/statusPages.js';
import { GroupPreview } from './GroupPreview.js';
import { GroupsField } from './GroupsField.js';
import { formValues, statusPageFormSchema, toInput, type StatusPageFormValues } from './statusPageForm.js';

/** Create or edit a status page: slug, title, logo, description, custom domain and groups. */
export function StatusPageForm({ row }: { row?: StatusPageRow }) {
  const editing = row !== undefined;
  const canWrite = useHasPermission('status_pages', 'write');
  const queryClient = useQueryClient();
  const form = useForm<StatusPageFormValues>({
    resolver: zodResolver(statusPageFormSchema),
    defaultValues: formValues(row),
    mode: 'all',
  });
  const errors = form.formState.errors;
  const mutations = useResourceMutations({
    resourceName: 'Status Page',
    listHref: '/settings/status-pages',
    editing,
    save: async (v: StatusPageFormValues) => {
      const input = toInput(v);
      if (row) {
        await updateStatusPage(row.id, input);
        return row.id;
      }
      return createStatusPage(input);
    },
    remove: () => deleteStatusPage(row?.id ?? ''),
    onChanged: () => void queryClient.invalidateQueries({ queryKey: statusPageKeys.all }),
  });
  const disabled = !canWrite;
  return (
    <ResourceForm
      label="Status page"
      resourceName="Status Page"
      editing={editing}
      canWrite={canWrite}
      deleteQuestion={`Delete the status page '${row?.title ?? ''}'? Its public address will answer 404.`}
      form={form}
      mutations={mutations}
      stored={row ? { table: 'status_pages', id: row.id } : undefined}
    >
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        <FormField label="Slug" required hint="its address: /status/{slug}" error={errors.slug?.message}>
          <input className="input" disabled={disabled} aria-required {...form.register('slug')} />
        </FormField>
        <FormField label="Title" required error={errors.title?.message}>
          <input className="input" disabled={disabled} aria-required {...form.register('title')} />
        </FormField>
        <FormField
          label="Logo"
          hint="an https URL or an image data URL (at most ~96 kB)"
          error={errors.logo?.message}
        >
          <input className="input" disabled={disabled} {...form.register('logo')} />
        </FormField>
        <FormField
          label="Custom domain"
          hint="status.example.com: its / shows this page (docs/status-pages.md)"
          error={errors.custom_domain?.message}
        >
          <input className="input" disabled={disabled} {...form.register('custom_domain')} />
        </FormField>
      </div>
      <FormField label="Description" error={errors.description?.message}>
        <textarea className="input min-h-16" disabled={disabled} {...form.register('description')} />
      </FormField>
      {row ? (
        <a
          className="text-brand-600 hover:underline inline-flex items-center gap-1 self-start"
          href={`/status/${row.slug}`}
          target="_blank"
          rel="noreferrer"
        >
          <ExternalLink className="size-4" /> Open the public page
        </a>
      ) : null}
      <GroupsField form={form} disabled={disabled} />
      {canWrite ? <GroupPreview form={form} /> : null}
    </ResourceForm>
  );
}
