import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { SUPPORTED_ACTION_KINDS } from '@opsdeck/shared';
import { toast } from 'sonner';
import { errorMessage } from '../../../api/errors.js';
import { SpecWarnings } from '../../../ui/CodeEditor/SpecWarnings.js';
import { FormField } from '../../../ui/FormField.js';
import { IconPicker } from '../../../ui/IconPicker.js';
import { Modal } from '../../../ui/Modal.js';
import { SpecFormEditor } from '../../../ui/schema-form/SpecFormEditor.js';
import { useServerFieldErrors } from '../../../ui/useServerFieldErrors.js';
import { playbookKeys } from '../api/keys.js';
import { createPlaybook, updatePlaybook } from '../api/playbooks.js';
import type { PlaybookRow } from '../api/types.js';
import { playbookScriptWarnings } from '../lib/scriptWarnings.js';
import { formInput, formValues, specFormSchema, type SpecFormValues } from '../lib/specForm.js';
import { SpecNotices } from '../../../ui/SpecNotices.js';

export const PLAYBOOK_SPEC_SCHEMA_URL = '/api/schemas/playbook-spec.schema.json';

/**
 * What the form edits as cards: actions (each one of the kinds that run here), parameters,
 * and the checks, configs and components the playbook is offered on.
 */
const PLAYBOOK_FORM_LISTS = {
  actions: SUPPORTED_ACTION_KINDS,
  parameters: [],
  checks: [],
  configs: [],
  components: [],
};
/** The dialog's own fields above the spec. */
const PLAYBOOK_FORM_OMIT = ['title', 'description', 'category', 'icon'];

/**
 * Add or edit a playbook: Title (required), Name, Icon, Category, Description and the Spec,
 * on a form (actions, parameters, where it is offered) or as YAML checked against the playbook
 * spec schema. The server's refusal shows in a toast, and
 * next to the field it is about. An
 * exec script that pastes an event value into its text is underlined and listed as a warning.
 */
export function SpecEditorModal({
  playbook,
  close,
}: {
  playbook?: PlaybookRow | undefined;
  close: () => void;
}) {
  const editing = playbook !== undefined;
  const queryClient = useQueryClient();
  const form = useForm<SpecFormValues>({
    resolver: zodResolver(specFormSchema),
    defaultValues: formValues(playbook),
    mode: 'onSubmit',
  });
  const errors = form.formState.errors;
  const specText = useWatch({ control: form.control, name: 'spec' });
  const scriptWarnings = useMemo(() => playbookScriptWarnings(specText), [specText]);
  const save = useMutation({
    mutationFn: async (v: SpecFormValues) => {
      const input = formInput(v);
      if (playbook) await updatePlaybook(playbook.id, input);
      else await createPlaybook(input);
    },
    meta: { silent: true },
    onSuccess: () => {
      toast.success(editing ? 'Playbook Spec updated successfully' : 'Playbook Spec created successfully');
      void queryClient.invalidateQueries({ queryKey: playbookKeys.all });
      close();
    },
    // The spec names one message for a failed save, whether it created or updated.
    onError: (e) => toast.error(`Unable to update playbook spec: ${errorMessage(e)}`),
  });
  // A refusal about a field (a name already taken) is also said next to it (issue 36).
  useServerFieldErrors(form, save.error);

  return (
    <Modal
      open
      onOpenChange={(o) => (o ? undefined : close())}
      size="xl"
      title={editing ? `Edit ${playbook.title || playbook.name}` : 'Add playbook'}
      footer={
        <>
          <button type="button" className="btn" onClick={close}>
            Cancel
          </button>
          <button type="submit" form="playbook-spec" className="btn btn-primary" disabled={save.isPending}>
            {editing ? 'Update' : 'Save'}
          </button>
        </>
      }
    >
      <form
        id="playbook-spec"
        className="flex flex-col gap-3"
        noValidate
        onSubmit={(e) => void form.handleSubmit((v) => save.mutate(v))(e)}
      >
        {playbook ? <SpecNotices table="playbooks" id={playbook.id} /> : null}
        <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
          <FormField label="Title" error={errors.title?.message} required>
            <input className="input" aria-required {...form.register('title')} />
          </FormField>
          <FormField label="Name" error={errors.name?.message}>
            <input className="input" {...form.register('name')} />
          </FormField>
          <FormField label="Category" error={errors.category?.message}>
            <input className="input" {...form.register('category')} />
          </FormField>
        </div>
        <FormField label="Description" error={errors.description?.message}>
          <textarea className="input min-h-16" {...form.register('description')} />
        </FormField>
        <FormField label="Icon" labelable={false}>
          <Controller
            control={form.control}
            name="icon"
            render={({ field }) => <IconPicker label="Icon" value={field.value} onChange={field.onChange} />}
          />
        </FormField>
        <FormField label="Spec" labelable={false}>
          <Controller
            control={form.control}
            name="spec"
            render={({ field, fieldState }) => (
              <SpecFormEditor
                schemaUrl={PLAYBOOK_SPEC_SCHEMA_URL}
                text={field.value}
                onChange={field.onChange}
                readOnly={false}
                error={fieldState.error?.message}
                // A new playbook starts on the form; a stored one opens as it was written.
                initialView={editing ? 'code' : 'form'}
                lists={PLAYBOOK_FORM_LISTS}
                basic={['parameters']}
                omit={PLAYBOOK_FORM_OMIT}
                warnings={playbookScriptWarnings}
              />
            )}
          />
        </FormField>
        <SpecWarnings title="Event values pasted into scripts" warnings={scriptWarnings} />
      </form>
    </Modal>
  );
}
