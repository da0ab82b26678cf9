import { statusPageGroupsSchema } from '@opsdeck/shared';
import { useMutation } from '@tanstack/react-query';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { ErrorView } from '../../../ui/ErrorView.js';
import { previewStatusPage } from '../api/statusPages.js';
import { toInput, type StatusPageFormValues } from './statusPageForm.js';

/** Which checks and components each group chooses now, asked for with a button. */
export function GroupPreview({ form }: { form: UseFormReturn<StatusPageFormValues> }) {
  const values = useWatch({ control: form.control }) as StatusPageFormValues;
  const groups = statusPageGroupsSchema.safeParse(toInput({ ...form.getValues(), ...values }).groups);
  const preview = useMutation({
    mutationFn: () => previewStatusPage(groups.success ? groups.data : []),
    meta: { silent: true },
  });
  return (
    <section aria-label="Preview" className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        <button
          type="button"
          className="btn"
          disabled={!groups.success || preview.isPending}
          onClick={() => preview.mutate()}
        >
          Preview matches
        </button>
        {!groups.success ? (
          <span className="text-xs text-muted">Complete the groups to preview them</span>
        ) : null}
      </div>
      {preview.isError ? <ErrorView error={preview.error} /> : null}
      {preview.data ? (
        <ul className="flex flex-col gap-2">
          {preview.data.map((g, i) => (
            <li
              key={`${i}-${g.name}`}
              aria-label={`Preview of ${g.name}`}
              className="rounded border border-line p-2"
            >
              <div className="text-sm font-semibold">
                {g.name}: {g.count} {g.count === 1 ? 'match' : 'matches'}
              </div>
              <ul className="flex flex-wrap gap-1 text-xs">
                {g.members.map((m) => (
                  <li key={`${m.kind}-${m.name}`} className="rounded bg-subtle px-1.5 py-0.5">
                    {m.name}{' '}
                    <span className="text-muted">
                      ({m.kind}, {m.state})
                    </span>
                  </li>
                ))}
                {g.count > g.members.length ? (
                  <li className="text-muted">and {g.count - g.members.length} more</li>
                ) : null}
              </ul>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
