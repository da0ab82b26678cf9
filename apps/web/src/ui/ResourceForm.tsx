import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ErrorView } from './ErrorView.js';
import { ResourceFormActions } from './ResourceFormActions.js';
import { SpecNotices } from './SpecNotices.js';
import { useServerFieldErrors } from './useServerFieldErrors.js';

type ResourceFormProps<V extends FieldValues> = {
  /** The form's accessible name. */
  label: string;
  /** Singular name for the delete dialog, e.g. 'Catalog Scraper'. */
  resourceName: string;
  editing: boolean;
  /** Without write permission the form has no buttons. */
  canWrite: boolean;
  deleteQuestion: string;
  form: UseFormReturn<V>;
  /** From useResourceMutations. */
  mutations: {
    save: UseMutationResult<string, Error, V>;
    remove: UseMutationResult<unknown, Error, void>;
  };
  /** Buttons beside Save/Update (a form's Run once); shown only to those who may write. */
  extraActions?: ReactNode;
  /** The stored object being edited: its notices (applied from a file, names not found yet). */
  stored?: { table: string; id: string };
  children: ReactNode;
};

/** A settings resource form: its fields, a failed save's message, Delete and Save/Update. */
export function ResourceForm<V extends FieldValues>({
  label,
  resourceName,
  editing,
  canWrite,
  deleteQuestion,
  form,
  mutations: { save, remove },
  extraActions,
  stored,
  children,
}: ResourceFormProps<V>) {
  const atFields = useServerFieldErrors(form, save.error);
  return (
    <form
      className="flex min-h-0 flex-1 flex-col gap-3"
      onSubmit={form.handleSubmit((v) => save.mutate(v))}
      aria-label={label}
      noValidate
    >
      {stored ? <SpecNotices table={stored.table} id={stored.id} /> : null}
      {children}
      {save.isError && !atFields ? <ErrorView error={save.error} /> : null}
      {canWrite ? (
        <ResourceFormActions
          resourceName={resourceName}
          editing={editing}
          deleteQuestion={deleteQuestion}
          saving={save.isPending}
          invalid={Object.keys(form.formState.errors).length > 0}
          deleting={remove.isPending}
          onDelete={() => remove.mutate()}
          extraActions={extraActions}
        />
      ) : null}
    </form>
  );
}
