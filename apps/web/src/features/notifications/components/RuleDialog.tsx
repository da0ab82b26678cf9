import { zodResolver } from '@hookform/resolvers/zod';
import { NOTIFICATION_EVENTS, REPEAT_INTERVAL_OPTIONS, REPEAT_INTERVAL_PRESETS } from '@opsdeck/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { TOAST_MS } from '../../../api/queryClient.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { DurationInput } from '../../../ui/DurationInput.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { useServerFieldErrors } from '../../../ui/useServerFieldErrors.js';
import { FormField } from '../../../ui/FormField.js';
import { Modal } from '../../../ui/Modal.js';
import { MultiSelect } from '../../../ui/MultiSelect.js';
import { notificationKeys } from '../api/keys.js';
import { deleteRule, fetchRule, saveRule, sendTestMessage } from '../api/rules.js';
import {
  EMPTY_RULE,
  formToColumns,
  isEditable,
  ruleFormSchema,
  ruleToForm,
  type RuleFormValues,
} from '../lib/ruleForm.js';
import { CelHelp } from './CelHelp.js';
import { RecipientFields } from './RecipientFields.js';
import { TestMessageResult } from './TestMessageResult.js';

export const NEW_RULE = 'new';
const EVENT_OPTIONS = NOTIFICATION_EVENTS.map((e) => ({ value: e, label: e }));

type FormProps = {
  id: string | undefined;
  initial: RuleFormValues;
  /** Write permission and a rule made in the UI: otherwise no submit button. */
  editable: boolean;
  onClose: () => void;
  onSaved: (id: string) => void;
};

function RuleForm({ id, initial, editable, onClose, onSaved }: FormProps) {
  const queryClient = useQueryClient();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const form = useForm<RuleFormValues>({
    resolver: zodResolver(ruleFormSchema),
    defaultValues: initial,
  });
  const { register, control, handleSubmit, getValues, reset, formState } = form;
  const [tab, otherKind] = useWatch({ control, name: ['recipientTab', 'otherKind'] });
  const save = useMutation({
    mutationFn: (v: RuleFormValues) => saveRule(formToColumns(v), id),
    onSuccess: async (savedId) => {
      toast.success(id ? 'Notification updated successfully' : 'Notification created successfully', {
        duration: TOAST_MS,
      });
      await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      onSaved(savedId);
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteRule(id ?? ''),
    onSuccess: async () => {
      toast.success('Notification deleted successfully', { duration: TOAST_MS });
      await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      onClose();
    },
  });
  // Send test: the message this rule would send, sent now about the latest resource it could be
  // about; nothing is stored (POST /api/notification/test).
  const test = useMutation({
    mutationFn: (v: RuleFormValues) => sendTestMessage(formToColumns(v)),
    meta: { silent: true },
  });
  // A refusal about fields of the rule (a duplicate name, a template) is said next to them (issue 36).
  const atFields = useServerFieldErrors(form, save.error);
  const testAtFields = useServerFieldErrors(form, test.error);
  const e = formState.errors;
  return (
    <form
      className="flex flex-col gap-3"
      noValidate
      onSubmit={(ev) => void handleSubmit((v) => save.mutate(v))(ev)}
    >
      <fieldset className="contents" disabled={!editable}>
        <div className="grid grid-cols-2 gap-3">
          <FormField label="Name" error={e.name?.message} required>
            <input className="input w-full" aria-required {...register('name')} />
          </FormField>
          <FormField label="Namespace" error={e.namespace?.message} required>
            <input className="input w-full" aria-required {...register('namespace')} />
          </FormField>
        </div>
        <Controller
          control={control}
          name="events"
          render={({ field, fieldState }) => (
            <FormField label="Events" error={fieldState.error?.message} labelable={false} required>
              <MultiSelect
                label="Events"
                placeholder="Select events"
                options={EVENT_OPTIONS}
                value={field.value}
                onChange={(next) => field.onChange(next)}
              />
            </FormField>
          )}
        />
      </fieldset>
      <RecipientFields
        control={control}
        tab={tab}
        otherKind={otherKind}
        getValues={getValues}
        reset={reset}
        readOnly={!editable}
      />
      <fieldset className="contents" disabled={!editable}>
        <FormField label="Filter" error={e.filter?.message}>
          <input
            className="input w-full font-mono"
            placeholder="check.type == 'http'"
            {...register('filter')}
          />
        </FormField>
        <CelHelp />
        <FormField label="Title" error={e.title?.message}>
          <input
            className="input w-full"
            placeholder="Leave empty for the default title"
            {...register('title')}
          />
        </FormField>
        <FormField label="Template" error={e.template?.message}>
          <textarea
            className="input min-h-28 w-full py-2 font-mono text-xs"
            placeholder="Markdown. Leave empty for the default message with a link back to the console."
            {...register('template')}
          />
        </FormField>
        <div className="grid grid-cols-2 gap-3">
          <Controller
            control={control}
            name="repeat_interval"
            render={({ field, fieldState }) => (
              <div className="flex flex-col gap-1">
                <FormField label="Repeat Interval" error={fieldState.error?.message} required>
                  <select
                    className="input w-full"
                    aria-required
                    value={field.value}
                    onChange={(ev) => field.onChange(ev.target.value)}
                    onBlur={field.onBlur}
                  >
                    <option value="">Select an interval</option>
                    {/* A stored interval outside the list (a spec's 2h, a button's 30d) stays selectable. */}
                    {[...new Set([...REPEAT_INTERVAL_OPTIONS, ...(field.value ? [field.value] : [])])].map(
                      (o) => (
                        <option key={o} value={o}>
                          {o}
                        </option>
                      ),
                    )}
                  </select>
                </FormField>
                {/* The spec's second list: one click sets the interval. */}
                <div role="group" aria-label="Repeat every" className="flex flex-wrap gap-1">
                  {REPEAT_INTERVAL_PRESETS.map((p) => (
                    <button
                      key={p.label}
                      type="button"
                      className="btn btn-sm"
                      aria-pressed={field.value === p.value}
                      disabled={!editable}
                      title={
                        p.label === '1m' ? 'one month (30d)' : p.label === '1w' ? 'one week (7d)' : undefined
                      }
                      onClick={() => field.onChange(p.value)}
                    >
                      {p.label}
                    </button>
                  ))}
                </div>
              </div>
            )}
          />
          <Controller
            control={control}
            name="wait_for"
            render={({ field, fieldState }) => (
              <FormField label="Wait For" error={fieldState.error?.message} labelable={false}>
                <DurationInput
                  label="Wait For"
                  value={field.value}
                  onChange={field.onChange}
                  invalid={fieldState.error !== undefined}
                />
              </FormField>
            )}
          />
        </div>
      </fieldset>
      {test.data ? <TestMessageResult answer={test.data} /> : null}
      {test.isError && !testAtFields ? <ErrorView error={test.error} /> : null}
      {save.isError && !atFields ? <ErrorView error={save.error} /> : null}
      <div className="flex justify-end gap-2 pt-2">
        {id && editable ? (
          <button type="button" className="btn btn-danger mr-auto" onClick={() => setConfirmDelete(true)}>
            Delete
          </button>
        ) : null}
        <button type="button" className="btn" onClick={onClose}>
          {editable ? 'Cancel' : 'Close'}
        </button>
        {editable ? (
          <button
            type="button"
            className="btn"
            disabled={test.isPending}
            title="Send the message this rule would send, about the latest resource of its first event, to its recipients now"
            onClick={() => test.mutate(getValues())}
          >
            {test.isPending ? 'Sending test' : 'Send test'}
          </button>
        ) : null}
        {editable ? (
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving' : id ? 'Update' : 'Save'}
          </button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete Notification"
        description="Are you sure you want to delete this notification rule?"
        confirmLabel="Delete"
        busyLabel="Deleting"
        busy={remove.isPending}
        destructive
        onConfirm={() => remove.mutate()}
      />
    </form>
  );
}

/** 'Create Notification' (target 'new') or 'Edit Notification' (target a rule id). */
export function RuleDialog({
  target,
  canWrite,
  onClose,
  onCreated,
}: {
  target: string;
  canWrite: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const id = target === NEW_RULE ? undefined : target;
  const rule = useQuery({
    queryKey: notificationKeys.rule(target),
    queryFn: ({ signal }) => fetchRule(target, signal),
    enabled: id !== undefined,
    meta: { silent: true },
  });
  let body;
  if (!id)
    body = (
      <RuleForm
        id={undefined}
        initial={EMPTY_RULE}
        editable={canWrite}
        onClose={onClose}
        onSaved={onCreated}
      />
    );
  else if (rule.isPending)
    body = <div className="h-60 animate-pulse rounded bg-subtle" aria-label="Loading" />;
  else if (rule.isError) body = <ErrorView error={rule.error} onRetry={() => void rule.refetch()} />;
  else
    body = (
      <RuleForm
        id={id}
        initial={ruleToForm(rule.data)}
        editable={canWrite && isEditable(rule.data.source)}
        onClose={onClose}
        onSaved={onClose}
      />
    );
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={id ? 'Edit Notification' : 'Create Notification'}
      size="lg"
    >
      {body}
    </Modal>
  );
}
