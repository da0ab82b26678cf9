import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { toast } from 'sonner';
import { TOAST_MS } from '../../../api/queryClient.js';
import { FormField } from '../../../ui/FormField.js';
import { Modal } from '../../../ui/Modal.js';
import { MISSING_DETAILS_TEXT, useDeleteFlag, useSaveFlag, type FeatureFlag } from '../api/featureFlags.js';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The flag being edited; undefined adds a new one. */
  flag: FeatureFlag | undefined;
  canWrite: boolean;
};

const flagForm = z.object({
  name: z.string().trim().min(1, MISSING_DETAILS_TEXT),
  value: z.string().trim().min(1, MISSING_DETAILS_TEXT),
  description: z.string().trim(),
});
type FlagForm = z.infer<typeof flagForm>;

/** Add or edit a feature flag: name and value are required. */
export function FeatureFlagDialog({ open, onOpenChange, flag, canWrite }: Props) {
  const save = useSaveFlag();
  const remove = useDeleteFlag();
  const existing = flag?.created_at != null;
  const { register, handleSubmit, reset, formState } = useForm<FlagForm>({
    resolver: zodResolver(flagForm),
    defaultValues: { name: '', value: '', description: '' },
  });
  useEffect(() => {
    if (open)
      reset({ name: flag?.name ?? '', value: flag?.value ?? '', description: flag?.description ?? '' });
  }, [flag, open, reset]);
  const error = formState.errors.name?.message ?? formState.errors.value?.message;

  const submit = (f: FlagForm) =>
    save.mutate(
      { ...f, existing },
      {
        onSuccess: () => {
          toast.success(existing ? 'Feature flag updated successfully' : 'Feature flag added successfully', {
            duration: TOAST_MS,
          });
          onOpenChange(false);
        },
      },
    );

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={existing ? 'Edit Feature Flag' : 'Add Feature Flag'}
      size="sm"
    >
      <form className="space-y-3" onSubmit={(ev) => void handleSubmit(submit)(ev)} noValidate>
        <FormField label="Name">
          <input className="input w-full" readOnly={existing} {...register('name')} />
        </FormField>
        <FormField label="Value">
          <input className="input w-full" {...register('value')} />
        </FormField>
        <FormField label="Description">
          <textarea className="input h-20 w-full py-1.5" {...register('description')} />
        </FormField>
        {error ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
        {canWrite ? (
          <div className="flex justify-between pt-2">
            {existing && flag ? (
              <button
                type="button"
                className="btn btn-danger"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(flag.name, {
                    onSuccess: () => {
                      toast.success('Feature flag removed successfully', { duration: TOAST_MS });
                      onOpenChange(false);
                    },
                  })
                }
              >
                Delete
              </button>
            ) : (
              <span />
            )}
            <button type="submit" className="btn btn-primary" disabled={save.isPending}>
              Save
            </button>
          </div>
        ) : null}
      </form>
    </Modal>
  );
}
