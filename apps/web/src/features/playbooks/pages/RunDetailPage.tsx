import { isFinalRunStatus } from '@opsdeck/shared';
import { useParams } from 'react-router';
import { useUrlParams } from '../../../lib/urlState.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Page } from '../../../ui/Page.js';
import { useRun, useRunSteps, useStep } from '../api/useRun.js';
import { RunHeader } from '../components/RunHeader.js';
import { INITIALIZATION_ID, isSelectable, StepList, stepItems } from '../components/StepList.js';
import { StepOutput } from '../components/StepOutput.js';
import { contentTypeOf } from '../lib/stepOutput.js';

/** /playbooks/runs/{id}: the header, the steps on the left and the selected step's output on the right. */
export function RunDetailPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useUrlParams();
  const run = useRun(id);
  const data = run.data;
  const final = data ? isFinalRunStatus(data.status) : false;
  const actions = useRunSteps(id, final);
  const steps = stepItems(actions.data ?? [], data?.error);
  // The step in the URL, else the first one that can be selected.
  const wanted = params.get('step');
  const selected = steps.find((s) => s.id === wanted && isSelectable(s)) ?? steps.find(isSelectable);
  const synthetic = selected?.id === INITIALIZATION_ID;
  const step = useStep(selected && !synthetic ? selected.id : undefined);
  const spec = data?.spec ?? data?.playbooks?.spec;

  const crumbs = [
    { label: 'Playbooks', href: '/playbooks' },
    { label: 'Runs', href: '/playbooks/runs' },
    { label: data?.playbooks?.title || data?.playbooks?.name || id },
  ];
  return (
    <Page crumbs={crumbs}>
      {run.isError ? <ErrorView error={run.error} onRetry={() => void run.refetch()} /> : null}
      {run.isSuccess && !data ? <p className="py-16 text-center text-muted">Details not found</p> : null}
      {data ? (
        <div className="flex min-h-0 flex-1 flex-col gap-3">
          <RunHeader run={data} />
          <div className="flex min-h-0 flex-1 gap-3 max-md:flex-col">
            <aside className="w-72 shrink-0 overflow-y-auto rounded-lg border border-line bg-surface p-2 max-md:w-full">
              {actions.isError ? (
                <ErrorView error={actions.error} onRetry={() => void actions.refetch()} />
              ) : null}
              <StepList
                steps={steps}
                selectedId={selected?.id}
                onSelect={(stepId) => setParams({ step: stepId })}
              />
            </aside>
            <section
              aria-label="Step output"
              className="flex min-h-0 min-w-0 flex-1 flex-col rounded-lg border border-line bg-surface p-3"
            >
              {synthetic && selected ? (
                <StepOutput
                  step={{ name: selected.name, error: selected.error, result: undefined }}
                  contentType={undefined}
                />
              ) : step.data ? (
                <StepOutput step={step.data} contentType={contentTypeOf(spec, step.data.name)} />
              ) : step.isError ? (
                <ErrorView error={step.error} onRetry={() => void step.refetch()} />
              ) : selected ? null : (
                <p className="text-muted">No result</p>
              )}
            </section>
          </div>
        </div>
      ) : null}
    </Page>
  );
}
