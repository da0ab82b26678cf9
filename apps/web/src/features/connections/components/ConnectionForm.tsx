import { zodResolver } from '@hookform/resolvers/zod';
import type { ConnectionTypeDef, FieldTarget } from '@opsdeck/shared';
import { ArrowLeft, FlaskConical, Trash2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { FormField } from '../../../ui/FormField.js';
import { useServerFieldErrors } from '../../../ui/useServerFieldErrors.js';
import { connectionFormSchema } from '../lib/formSchema.js';
import type { ConnectionFormState } from '../lib/formState.js';
import { ConnectionFieldInput } from './ConnectionFieldInput.js';

type Props = {
  def: ConnectionTypeDef;
  initial: ConnectionFormState;
  /** Fields whose stored secret the server masked. */
  masked: ReadonlySet<FieldTarget>;
  /** A stored connection: name and namespace are fixed, and Delete appears. */
  editing: boolean;
  saving: boolean;
  testing: boolean;
  onSubmit: (values: ConnectionFormState) => void;
  /** Back to the type picker (new connections). */
  onBack?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
  /** Test Connection, after the form's own checks: the values, and whether they differ from the start. */
  onTest?: ((values: ConnectionFormState, changed: boolean) => void) | undefined;
  /** Why a connection of this type cannot be tested: shown where the Test button would be. */
  testRefusal?: string | undefined;
  /** A failed save: one the server says is about a field (a taken name) shows next to it. */
  saveError?: Error | null | undefined;
};

/** Name and namespace: greyed out once stored. */
const FIXED = 'input w-full disabled:cursor-not-allowed disabled:bg-subtle disabled:text-muted';

/** The form of one connection type, generated from the shared catalog, with the dialog's buttons. */
export function ConnectionForm({
  def,
  initial,
  masked,
  editing,
  saving,
  testing,
  onSubmit,
  onBack,
  onDelete,
  onTest,
  testRefusal,
  saveError,
}: Props) {
  const form = useForm<ConnectionFormState>({
    resolver: zodResolver(connectionFormSchema(def, { editing, masked })),
    defaultValues: initial,
  });
  const { register, formState } = form;
  useServerFieldErrors(form, saveError);
  // Read while rendering: react-hook-form tracks isDirty only for the fields it was read from.
  const changed = formState.isDirty;
  return (
    <form
      className="flex flex-col gap-3"
      aria-label={`${def.title} connection`}
      onSubmit={(e) => void form.handleSubmit(onSubmit)(e)}
      noValidate
    >
      <div className="grid grid-cols-2 gap-3">
        <FormField label="Name" required error={formState.errors.name?.message}>
          {/* Fixed once stored: references (connection://namespace/name) point at them. */}
          <input className={FIXED} aria-required disabled={editing} {...register('name')} />
        </FormField>
        <FormField label="Namespace" required error={formState.errors.namespace?.message}>
          <input className={FIXED} aria-required disabled={editing} {...register('namespace')} />
        </FormField>
      </div>
      {def.fields.map((field) => (
        <ConnectionFieldInput key={field.key} field={field} form={form} masked={masked.has(field.key)} />
      ))}
      <div className="flex items-center gap-2 border-t border-line pt-3">
        {onBack ? (
          <button type="button" className="btn" onClick={onBack}>
            <ArrowLeft className="size-3.5" aria-hidden /> Back
          </button>
        ) : null}
        {onDelete ? (
          <button type="button" className="btn btn-danger" onClick={onDelete}>
            <Trash2 className="size-3.5" aria-hidden /> Delete
          </button>
        ) : null}
        <div className="flex-1" />
        {onTest ? (
          <button
            type="button"
            className="btn"
            onClick={(e) => void form.handleSubmit((values) => onTest(values, changed))(e)}
            disabled={testing}
          >
            <FlaskConical className="size-3.5" aria-hidden /> {testing ? 'Testing…' : 'Test Connection'}
          </button>
        ) : testRefusal ? (
          <p className="max-w-sm text-right text-xs text-muted">{testRefusal}</p>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {editing ? (saving ? 'Updating…' : 'Update') : saving ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
