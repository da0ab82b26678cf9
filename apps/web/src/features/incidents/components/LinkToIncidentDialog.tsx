import { zodResolver } from '@hookform/resolvers/zod';
import { INCIDENT_SEVERITIES, INCIDENT_TYPES } from '@opsdeck/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '../../../api/errors.js';
import { TOAST_MS } from '../../../api/queryClient.js';
import { DEBOUNCE, useDebouncedValue } from '../../../lib/useDebouncedValue.js';
import type { ResourceRef } from '../../../platform/resourceActions.js';
import { FormField } from '../../../ui/FormField.js';
import { Modal } from '../../../ui/Modal.js';
import { incidentKeys } from '../api/keys.js';
import {
  linkToIncident,
  searchHypotheses,
  searchOpenIncidents,
  type IncidentPick,
  type LinkTarget,
} from '../api/link.js';
import { initialLinkForm, LINK_ERRORS, linkFormSchema, type LinkForm } from '../lib/linkForm.js';
import { ValueOptions } from './ValueOptions.js';

type Props = { resource: ResourceRef; close: () => void };

function targetOf(v: LinkForm, picked: IncidentPick | null): LinkTarget | null {
  if (v.incident === 'new') return { kind: 'new', title: v.search, severity: v.severity, type: v.type };
  if (picked?.id !== v.incident) return null;
  return v.hypothesisId
    ? { kind: 'existing', incident: picked, hypothesisId: v.hypothesisId }
    : { kind: 'existing', incident: picked };
}

/** Link to Incident: a new incident titled by the search text, or an open one. */
export function LinkToIncidentDialog({ resource, close }: Props) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { register, handleSubmit, control, formState, setError, getValues, setValue } = useForm<LinkForm>({
    resolver: zodResolver(linkFormSchema),
    defaultValues: initialLinkForm(resource.name),
  });
  // The hypothesis is prefilled with the title and follows it until the user writes their own.
  const [lastTitle, setLastTitle] = useState(resource.name);
  const followTitle = (title: string) => {
    if (getValues('hypothesis') === lastTitle) setValue('hypothesis', title);
    setLastTitle(title);
  };
  const [search, choice, hypothesisText] = useWatch({
    control,
    name: ['search', 'incident', 'hypothesis'],
  });
  const text = useDebouncedValue(search.trim(), DEBOUNCE.option);
  const { data: found = [], isFetching } = useQuery({
    queryKey: [...incidentKeys.all, 'open', text],
    queryFn: ({ signal }) => searchOpenIncidents(text, signal),
  });
  // The picked incident stays listed (and linkable) while the search moves on.
  const [picked, setPicked] = useState<IncidentPick | null>(null);
  const listed = picked && !found.some((p) => p.id === picked.id) ? [picked, ...found] : found;

  // An existing incident: its hypotheses matching the Hypothesis text, to pick one or create one.
  const existing = choice && choice !== 'new' ? choice : '';
  const hypothesisSearch = useDebouncedValue(hypothesisText.trim(), DEBOUNCE.option);
  const hypotheses = useQuery({
    queryKey: [...incidentKeys.all, 'link-hypotheses', existing, hypothesisSearch],
    queryFn: ({ signal }) => searchHypotheses(existing, hypothesisSearch, signal),
    enabled: existing !== '',
  });
  const matches = existing ? (hypotheses.data ?? []) : [];
  const onlyMatch = matches.length === 1 ? matches[0]?.id : undefined;
  // Exactly one match is chosen for the user; another incident starts without a choice.
  useEffect(() => {
    setValue('hypothesisId', onlyMatch ?? '');
  }, [onlyMatch, existing, setValue]);

  const link = useMutation({
    mutationFn: linkToIncident,
    // A failed step stops the flow; the dialog shows why.
    meta: { silent: true },
    onSuccess: (incidentId) => {
      void queryClient.invalidateQueries({ queryKey: incidentKeys.all });
      toast.success('Linked to incident successfully', {
        duration: TOAST_MS,
        action: { label: 'View incident', onClick: () => void navigate(`/incidents/${incidentId}`) },
      });
      close();
    },
  });

  const submit = (v: LinkForm) => {
    const target = targetOf(v, picked);
    if (!target) {
      setError('incident', { message: LINK_ERRORS.incident });
      return;
    }
    link.mutate({ resource, target, hypothesis: v.hypothesis, description: v.description });
  };

  const e = formState.errors;
  const isNew = choice === 'new';
  return (
    <Modal open onOpenChange={(o) => !o && close()} title="Link to Incident" size="md">
      <form className="space-y-3" onSubmit={(ev) => void handleSubmit(submit)(ev)} noValidate>
        <FormField label="Incident" required error={e.incident?.message}>
          <input
            className="input w-full"
            aria-required
            placeholder="Search by title or INC id, or type a new title"
            {...register('search', {
              onChange: (ev: { target: { value: string } }) => followTitle(ev.target.value),
            })}
          />
        </FormField>
        <fieldset className="max-h-48 space-y-1 overflow-auto" aria-label="Incidents" aria-busy={isFetching}>
          {search.trim() ? (
            <label className="flex items-center gap-2">
              <input type="radio" value="new" {...register('incident')} />
              <span>
                New incident: <strong>{search.trim()}</strong>
              </span>
            </label>
          ) : null}
          {listed.map((p) => (
            <label key={p.id} className="flex items-center gap-2">
              <input type="radio" value={p.id} {...register('incident', { onChange: () => setPicked(p) })} />
              <span className="text-muted">{p.incident_id}</span>
              <span className="truncate">{p.title}</span>
            </label>
          ))}
        </fieldset>
        {isNew ? (
          <div className="grid grid-cols-2 gap-3">
            <FormField label="Severity" required error={e.severity?.message}>
              <select className="input w-full" aria-required {...register('severity')}>
                <ValueOptions values={INCIDENT_SEVERITIES} />
              </select>
            </FormField>
            <FormField label="Type" required error={e.type?.message}>
              <select className="input w-full" aria-required {...register('type')}>
                <ValueOptions values={INCIDENT_TYPES} />
              </select>
            </FormField>
          </div>
        ) : null}
        <FormField label="Hypothesis" required={!isNew} error={e.hypothesis?.message}>
          <input
            className="input w-full"
            aria-required={!isNew}
            placeholder={isNew ? undefined : 'Search the hypotheses, or type a new one'}
            {...register('hypothesis')}
          />
        </FormField>
        {existing ? (
          <fieldset
            className="max-h-40 space-y-1 overflow-auto"
            aria-label="Hypotheses"
            aria-busy={hypotheses.isFetching}
          >
            {hypothesisText.trim() ? (
              <label className="flex items-center gap-2">
                <input type="radio" value="" {...register('hypothesisId')} />
                <span>
                  New hypothesis: <strong>{hypothesisText.trim()}</strong>
                </span>
              </label>
            ) : null}
            {matches.map((h) => (
              <label key={h.id} className="flex items-center gap-2">
                <input type="radio" value={h.id} {...register('hypothesisId')} />
                <span className="truncate">{h.title}</span>
                <span className="text-xs text-muted">{h.type}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
        <FormField label="Description">
          <textarea className="input min-h-20 w-full py-2" {...register('description')} />
        </FormField>
        {link.isError ? (
          <p role="alert" className="text-health-unhealthy">
            {errorMessage(link.error)}
          </p>
        ) : null}
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className="btn" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={link.isPending}>
            {link.isPending ? 'Linking..' : 'Link'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
