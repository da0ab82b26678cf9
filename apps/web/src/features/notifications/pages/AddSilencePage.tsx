import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { TOAST_MS } from '../../../api/queryClient.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { FormField } from '../../../ui/FormField.js';
import { Page } from '../../../ui/Page.js';
import { notificationKeys } from '../api/keys.js';
import { createSilence } from '../api/silences.js';
import { SilenceDurationField } from '../components/SilenceDurationField.js';
import { SilencePreview, SilenceResourceFields } from '../components/SilenceResourceFields.js';
import {
  silenceBody,
  silenceFormFromQuery,
  silenceFormSchema,
  type SilenceFormValues,
} from '../lib/silenceForm.js';

/**
 * /notifications/silences/add. The Silence actions elsewhere link here with
 * `check_id`, `config_id` or `component_id`, which pre-fill the resource.
 */
export function AddSilencePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { control, register, handleSubmit, formState } = useForm<SilenceFormValues>({
    resolver: zodResolver(silenceFormSchema),
    defaultValues: silenceFormFromQuery(params),
  });
  const [type, id, recursive] = useWatch({ control, name: ['resourceType', 'resourceId', 'recursive'] });
  const save = useMutation({
    mutationFn: (v: SilenceFormValues) => createSilence(silenceBody(v)),
    meta: { silent: true },
    onSuccess: async () => {
      toast.success('Silence added successfully', { duration: TOAST_MS });
      await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      await navigate('/notifications/silences');
    },
  });
  return (
    <Page crumbs={[{ label: 'Notifications' }, { label: 'Silences' }, { label: 'Add' }]}>
      <form
        className="flex max-w-2xl flex-col gap-4"
        noValidate
        onSubmit={(ev) => void handleSubmit((v) => save.mutate(v))(ev)}
      >
        <SilenceResourceFields control={control} />
        <SilencePreview type={type} id={id} recursive={recursive} />
        <Controller
          control={control}
          name="duration"
          render={({ field, fieldState }) => (
            <SilenceDurationField
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <FormField label="Reason" error={formState.errors.description?.message}>
          <textarea className="input min-h-20 w-full py-2" {...register('description')} />
        </FormField>
        {save.isError ? <ErrorView error={save.error} /> : null}
        <div className="flex gap-2">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving' : 'Save'}
          </button>
          <button type="button" className="btn" onClick={() => void navigate('/notifications/silences')}>
            Cancel
          </button>
        </div>
      </form>
    </Page>
  );
}
