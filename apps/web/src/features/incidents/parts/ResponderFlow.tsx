import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../api/errors.js';
import { TOAST_MS } from '../../../api/queryClient.js';
import { Modal } from '../../../ui/Modal.js';
import { createResponder, fetchPeople, fetchTeams, type ResponderBody } from './api.js';
import { fieldLabel, responderDefaults, teamResponderTypes, type TeamResponderType } from './responders.js';
import { ResponderTypeForm } from './ResponderTypeForm.js';
import { PART_TEXT } from './texts.js';
import type { PartProps } from './types.js';

type Kind = 'team' | 'person';
type Step = 'select' | 'type' | 'form';

const TITLES: Record<Step, string> = {
  select: 'Select Responder',
  type: 'Responder Type',
  form: 'Save Team Responder',
};

type Props = PartProps & { open: boolean; onOpenChange: (open: boolean) => void };

/** Adding a responder: a person straight away, or a team through its type and that type's form. */
export function ResponderFlow({ incident, onChanged, open, onOpenChange }: Props) {
  const [step, setStep] = useState<Step>('select');
  const [kind, setKind] = useState<Kind>('team');
  const [teamId, setTeamId] = useState('');
  const [personId, setPersonId] = useState('');
  const [type, setType] = useState<TeamResponderType | ''>('');
  const [saving, setSaving] = useState(false);

  const teams = useQuery({
    queryKey: ['incidents', 'responder-teams'],
    queryFn: ({ signal }) => fetchTeams(signal),
    enabled: open,
  });
  const people = useQuery({
    queryKey: ['incidents', 'responder-people'],
    queryFn: ({ signal }) => fetchPeople(signal),
    enabled: open,
  });
  const team = teams.data?.find((t) => t.id === teamId);
  const types = teamResponderTypes(team);

  function reset() {
    setStep('select');
    setKind('team');
    setTeamId('');
    setPersonId('');
    setType('');
  }
  function close() {
    reset();
    onOpenChange(false);
  }

  async function save(body: ResponderBody) {
    setSaving(true);
    try {
      await createResponder(body);
      toast.success(PART_TEXT.responderAdded, { duration: TOAST_MS });
      onChanged();
    } catch (e) {
      toast.error(errorMessage(e), { duration: TOAST_MS });
    } finally {
      setSaving(false);
      // The modal closes (and starts over) on failure too.
      close();
    }
  }

  function addPerson() {
    if (!personId) return;
    void save({
      incident_id: incident.id,
      person_id: personId,
      type: 'person',
      properties: { responderType: 'person' },
    });
  }

  function saveTeam(fields: Record<string, string>) {
    if (!teamId || !type) return;
    void save({
      incident_id: incident.id,
      team_id: teamId,
      type: 'system',
      properties: { responderType: type, ...fields },
    });
  }

  const footer =
    step === 'select' ? (
      kind === 'person' ? (
        <button type="button" className="btn btn-primary" disabled={!personId || saving} onClick={addPerson}>
          Add
        </button>
      ) : (
        <button type="button" className="btn btn-primary" disabled={!teamId} onClick={() => setStep('type')}>
          Next
        </button>
      )
    ) : step === 'type' ? (
      <>
        <button type="button" className="btn" onClick={() => setStep('select')}>
          Back
        </button>
        <button type="button" className="btn btn-primary" disabled={!type} onClick={() => setStep('form')}>
          Next
        </button>
      </>
    ) : undefined;

  return (
    <Modal
      open={open}
      onOpenChange={(o) => (o ? onOpenChange(true) : close())}
      title={TITLES[step]}
      footer={footer}
    >
      {step === 'select' ? (
        <div className="flex flex-col gap-3">
          <fieldset className="flex gap-4">
            <legend className="sr-only">Responder kind</legend>
            {(['team', 'person'] as const).map((k) => (
              <label key={k} className="flex items-center gap-1.5">
                <input type="radio" name="responder-kind" checked={kind === k} onChange={() => setKind(k)} />
                {k === 'team' ? 'Team' : 'Person'}
              </label>
            ))}
          </fieldset>
          {kind === 'team' ? (
            <label className="flex flex-col gap-1">
              <span className="text-xs font-semibold text-muted">Team</span>
              <select
                className="input"
                value={teamId}
                onChange={(e) => {
                  setTeamId(e.target.value);
                  setType('');
                }}
              >
                <option value="">None</option>
                {(teams.data ?? []).map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <label className="flex flex-col gap-1">
              <span className="text-xs font-semibold text-muted">Person</span>
              <select className="input" value={personId} onChange={(e) => setPersonId(e.target.value)}>
                <option value="">None</option>
                {(people.data ?? []).map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name ?? p.email ?? p.id}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
      ) : step === 'type' ? (
        types.length === 0 ? (
          <p className="text-muted">{PART_TEXT.noResponderTypes}</p>
        ) : (
          <fieldset className="flex max-h-72 flex-col gap-1.5 overflow-auto">
            <legend className="sr-only">Responder Type</legend>
            {types.map((t) => (
              <label key={t} className="flex items-center gap-1.5">
                <input type="radio" name="responder-type" checked={type === t} onChange={() => setType(t)} />
                {fieldLabel(t)}
              </label>
            ))}
          </fieldset>
        )
      ) : type ? (
        <ResponderTypeForm
          type={type}
          teamId={teamId}
          defaults={responderDefaults(team, type)}
          saving={saving}
          onBack={() => setStep('type')}
          onSave={saveTeam}
        />
      ) : null}
    </Modal>
  );
}
