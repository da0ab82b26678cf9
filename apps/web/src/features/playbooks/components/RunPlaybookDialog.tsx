import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '../../../api/errors.js';
import { TOAST_MS } from '../../../api/queryClient.js';
import { FormField } from '../../../ui/FormField.js';
import { Modal } from '../../../ui/Modal.js';
import { NamedIcon } from '../../../ui/NamedIcon.js';
import { playbookKeys } from '../api/keys.js';
import {
  fetchPlaybooksFor,
  fetchRunParams,
  searchResources,
  targetKey,
  type PickOption,
} from '../api/runDialog.js';
import { runPlaybook, type RunRequest } from '../api/runs.js';
import type { PlaybookRow, RunParam, RunTarget } from '../api/types.js';
import { defaultValue, validateParam } from '../lib/params.js';
import { KIND_LABEL, targetKindOf } from '../lib/targetKind.js';
import { ParamField, type ParamValues } from './ParamField.js';
import { SearchPicker } from './SearchPicker.js';

type Props = {
  /** Opened on a resource: the user picks one of the playbooks offered for it. */
  resource?: RunTarget;
  /** Opened on a playbook: the user picks a resource of the kind its spec selects (if any). */
  playbook?: PlaybookRow;
  /** Opened from the Playbooks menu: the playbook chosen there (still changeable). */
  initialPlaybookId?: string;
  close: () => void;
};

/** The Run playbook dialog: Resource, Playbook Parameters and Run; a started run opens its page. */
export function RunPlaybookDialog({ resource, playbook: fixed, initialPlaybookId, close }: Props) {
  const navigate = useNavigate();
  const [chosenId, setChosenId] = useState(initialPlaybookId ?? '');
  const [picked, setPicked] = useState<PickOption | undefined>();

  const offered = useQuery({
    queryKey: playbookKeys.forResource(resource?.kind ?? '', resource?.id ?? ''),
    queryFn: ({ signal }) => fetchPlaybooksFor(resource ?? { kind: 'config', id: '' }, signal),
    enabled: Boolean(resource) && !fixed,
    meta: { silent: true },
  });
  const offeredList = offered.data ?? [];
  const onlyOne = offeredList.length === 1 ? offeredList[0]?.id : undefined;
  const playbookId = fixed?.id ?? (chosenId || onlyOne || '');
  const playbook = fixed ?? offeredList.find((p) => p.id === playbookId);

  const kind = resource ? resource.kind : targetKindOf(fixed?.spec);
  const target: Pick<RunTarget, 'kind' | 'id'> | undefined = resource
    ? resource
    : kind && picked
      ? { kind, id: picked.value }
      : undefined;
  const needsResource = kind !== undefined && target === undefined;

  const params = useQuery({
    queryKey: playbookKeys.params(playbookId, target?.kind ?? '', target?.id ?? ''),
    queryFn: ({ signal }) => fetchRunParams(playbookId, target, signal),
    enabled: Boolean(playbookId) && !needsResource,
    meta: { silent: true },
  });
  const list: RunParam[] = params.data ?? [];

  const form = useForm<ParamValues>({ mode: 'onChange', defaultValues: { values: [] } });
  useEffect(() => {
    if (params.data) form.reset({ values: params.data.map(defaultValue) });
  }, [params.data, form]);
  const values = useWatch({ control: form.control, name: 'values' });
  const loaded = params.isSuccess && values.length === list.length;
  const valid = loaded && list.every((p, i) => validateParam(p, values[i] ?? '') === undefined);

  const run = useMutation({
    mutationFn: runPlaybook,
    meta: { silent: true },
    onSuccess: (started) => {
      close();
      void navigate(`/playbooks/runs/${started.run_id}`);
    },
    // A run the server refuses: its error text as a toast (doc 1 §8); the dialog stays open.
    onError: (e) => toast.error(errorMessage(e), { duration: TOAST_MS }),
  });

  const submit = form.handleSubmit((v) => {
    const request: RunRequest = { id: playbookId, params: {} };
    if (target) request[targetKey(target.kind)] = target.id;
    list.forEach((p, i) => {
      const value = v.values[i] ?? '';
      if (value !== '') request.params[p.name] = value;
    });
    run.mutate(request);
  });

  const canRun = Boolean(playbookId) && !needsResource && valid && !run.isPending;

  return (
    <Modal
      open
      onOpenChange={(o) => (o ? undefined : close())}
      size="lg"
      title={
        <span className="inline-flex items-center gap-2">
          {playbook ? <NamedIcon name={playbook.icon} /> : null}
          {playbook ? `Run ${playbook.title || playbook.name}` : 'Run playbook'}
        </span>
      }
      footer={
        <>
          <button type="button" className="btn" onClick={close}>
            Cancel
          </button>
          <button type="submit" form="run-playbook" className="btn btn-primary" disabled={!canRun}>
            {run.isPending ? 'Running...' : 'Run'}
          </button>
        </>
      }
    >
      <form id="run-playbook" className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
        {resource && !fixed ? (
          <FormField label="Playbook" required>
            <select
              className="input"
              aria-required
              value={playbookId}
              onChange={(e) => setChosenId(e.target.value)}
            >
              <option value="">—</option>
              {offeredList.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title || p.name}
                </option>
              ))}
            </select>
          </FormField>
        ) : null}
        {kind ? (
          <section aria-label="Resource" className="flex flex-col gap-2">
            <h3 className="text-[13px] font-semibold">Resource</h3>
            {resource ? (
              <p>
                <span className="text-muted">{KIND_LABEL[resource.kind]}: </span>
                {resource.name}
              </p>
            ) : (
              <SearchPicker
                label={KIND_LABEL[kind]}
                value={picked}
                onChange={setPicked}
                cacheKey={playbookKeys.options(kind, '')}
                load={(text, signal) => searchResources(kind, text, [], signal)}
              />
            )}
          </section>
        ) : null}
        <section aria-label="Playbook Parameters" className="flex flex-col gap-3">
          <h3 className="text-[13px] font-semibold">Playbook Parameters</h3>
          {needsResource ? (
            <p className="text-muted">Please select a resource to see the parameters.</p>
          ) : !playbookId ? null : params.isError ? (
            <p role="alert" className="text-health-unhealthy">
              {errorMessage(params.error)}
            </p>
          ) : params.isPending ? (
            <p className="text-muted" aria-busy="true">
              Loading…
            </p>
          ) : list.length === 0 ? (
            <p className="text-muted">No parameters for this playbook.</p>
          ) : loaded ? (
            list.map((p, i) => <ParamField key={p.name} param={p} index={i} control={form.control} />)
          ) : null}
        </section>
      </form>
    </Modal>
  );
}
