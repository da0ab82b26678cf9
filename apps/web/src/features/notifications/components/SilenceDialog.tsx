import { formatDateTime, parseDuration } from '@opsdeck/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { TOAST_MS } from '../../../api/queryClient.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { FormField } from '../../../ui/FormField.js';
import { Modal } from '../../../ui/Modal.js';
import { notificationKeys } from '../api/keys.js';
import { fetchSilence, updateSilence, type SilenceRow } from '../api/silences.js';
import { SilenceDurationField } from './SilenceDurationField.js';

type EditValues = { description: string; recursive: boolean; duration: string };

/** The new window when a duration is chosen: from now for that long. */
function windowOf(duration: string, now: Date = new Date()): { from: string; until: string } | undefined {
  const ms = parseDuration(duration);
  if (!duration || ms === undefined) return undefined;
  return { from: now.toISOString(), until: new Date(now.getTime() + ms).toISOString() };
}

function EditForm({ row, canWrite, onClose }: { row: SilenceRow; canWrite: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { register, control, handleSubmit } = useForm<EditValues>({
    defaultValues: { description: row.description ?? '', recursive: row.recursive ?? false, duration: '' },
  });
  const save = useMutation({
    mutationFn: (v: EditValues) =>
      updateSilence(row.id, {
        description: v.description.trim(),
        recursive: v.recursive,
        ...windowOf(v.duration),
      }),
    meta: { silent: true },
    onSuccess: async () => {
      toast.success('Silence updated successfully', { duration: TOAST_MS });
      await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      onClose();
    },
  });
  return (
    <form
      className="flex flex-col gap-3"
      noValidate
      onSubmit={(ev) => void handleSubmit((v) => save.mutate(v))(ev)}
    >
      <fieldset className="contents" disabled={!canWrite}>
        <p className="text-muted">
          {row.from ? formatDateTime(row.from) : '—'} → {row.until ? formatDateTime(row.until) : '—'}
        </p>
        <Controller
          control={control}
          name="duration"
          render={({ field }) => (
            <SilenceDurationField
              value={field.value}
              onChange={field.onChange}
              keepLabel="Keep the current window"
            />
          )}
        />
        <label className="flex items-center gap-2">
          <input type="checkbox" {...register('recursive')} /> <span>Recursive</span>
        </label>
        <FormField label="Reason">
          <textarea className="input min-h-20 w-full py-2" {...register('description')} />
        </FormField>
      </fieldset>
      {save.isError ? <ErrorView error={save.error} /> : null}
      <div className="flex justify-end gap-2 pt-2">
        <button type="button" className="btn" onClick={onClose}>
          {canWrite ? 'Cancel' : 'Close'}
        </button>
        {canWrite ? (
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Updating' : 'Update'}
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** 'Edit Notification Silence': reason, recursive and a new duration. */
export function SilenceDialog({
  id,
  canWrite,
  onClose,
}: {
  id: string;
  canWrite: boolean;
  onClose: () => void;
}) {
  const silence = useQuery({
    queryKey: notificationKeys.silence(id),
    queryFn: ({ signal }) => fetchSilence(id, signal),
    meta: { silent: true },
  });
  let body;
  if (silence.isPending) body = <div className="h-40 animate-pulse rounded bg-subtle" aria-label="Loading" />;
  else if (silence.isError) body = <ErrorView error={silence.error} onRetry={() => void silence.refetch()} />;
  else body = <EditForm row={silence.data} canWrite={canWrite} onClose={onClose} />;
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Edit Notification Silence">
      {body}
    </Modal>
  );
}
