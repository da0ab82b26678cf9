import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../api/errors.js';
import { TOAST_MS } from '../../../api/queryClient.js';
import { Modal } from '../../../ui/Modal.js';
import { createCommentEvidence, updateEvidence } from './api.js';
import { defaultScript } from './dodScripts.js';
import { PART_TEXT } from './texts.js';
import { rootHypothesis } from './tree.js';
import type { Evidence, PartProps } from './types.js';

type Mode = 'automatic' | 'manual';
type Step = 'select' | 'script';

type Props = PartProps & { open: boolean; onOpenChange: (open: boolean) => void };

/** 'Add Definition of Done': pick evidence and give each a script (Automatic), or write it (Manual). */
export function DefinitionOfDoneWizard({ incident, onChanged, open, onOpenChange }: Props) {
  const [mode, setMode] = useState<Mode>('automatic');
  const [step, setStep] = useState<Step>('select');
  const [selected, setSelected] = useState<string[]>([]);
  const [scripts, setScripts] = useState<Record<string, string>>({});
  const [manual, setManual] = useState('');
  const [adding, setAdding] = useState(false);

  const candidates = useMemo(
    () => incident.hypotheses.flatMap((h) => h.evidences).filter((e) => !e.definition_of_done),
    [incident.hypotheses],
  );
  const chosen = candidates.filter((e) => selected.includes(e.id));

  function reset() {
    setMode('automatic');
    setStep('select');
    setSelected([]);
    setScripts({});
    setManual('');
  }
  function close() {
    reset();
    onOpenChange(false);
  }

  function toggle(e: Evidence, on: boolean) {
    setSelected((s) => (on ? [...s, e.id] : s.filter((id) => id !== e.id)));
  }

  function next() {
    // Prefill each script with its type's default, keeping what was typed before going Back.
    setScripts((s) => Object.fromEntries(chosen.map((e) => [e.id, s[e.id] ?? defaultScript(e.type)])));
    setStep('script');
  }

  async function add() {
    setAdding(true);
    try {
      if (mode === 'manual') {
        const root = rootHypothesis(incident.hypotheses);
        if (!root) throw new Error(PART_TEXT.addDodFailed);
        await createCommentEvidence(root.id, manual.trim());
      } else {
        await Promise.all(
          chosen.map((e) => updateEvidence(e.id, { definition_of_done: true, script: scripts[e.id] ?? '' })),
        );
      }
      close();
      onChanged();
    } catch (err) {
      toast.error(mode === 'manual' ? errorMessage(err) : PART_TEXT.addDodFailed, { duration: TOAST_MS });
    } finally {
      setAdding(false);
    }
  }

  const addButton = (disabled: boolean) => (
    <button
      type="button"
      className="btn btn-primary"
      disabled={disabled || adding}
      onClick={() => void add()}
    >
      {adding ? PART_TEXT.adding : 'Add'}
    </button>
  );

  const footer =
    mode === 'manual' ? (
      addButton(!manual.trim())
    ) : step === 'select' ? (
      <button type="button" className="btn btn-primary" disabled={chosen.length === 0} onClick={next}>
        Next
      </button>
    ) : (
      <>
        <button type="button" className="btn" disabled={adding} onClick={() => setStep('select')}>
          Back
        </button>
        {addButton(false)}
      </>
    );

  return (
    <Modal
      open={open}
      onOpenChange={(o) => (o ? onOpenChange(true) : close())}
      title={PART_TEXT.addDod}
      footer={footer}
    >
      <div className="flex flex-col gap-3">
        <fieldset className="flex gap-4" disabled={adding}>
          <legend className="sr-only">Definition of done type</legend>
          {(['automatic', 'manual'] as const).map((m) => (
            <label key={m} className="flex items-center gap-1.5">
              <input
                type="radio"
                name="dod-mode"
                checked={mode === m}
                onChange={() => {
                  setMode(m);
                  setStep('select');
                }}
              />
              {m === 'automatic' ? 'Automatic' : 'Manual'}
            </label>
          ))}
        </fieldset>
        {mode === 'manual' ? (
          <label className="flex flex-col gap-1">
            <span className="text-xs font-semibold text-muted">Definition of done</span>
            <textarea className="input min-h-24" value={manual} onChange={(e) => setManual(e.target.value)} />
          </label>
        ) : step === 'select' ? (
          candidates.length === 0 ? (
            <p className="text-muted">There are no evidences which are not part of definition of done</p>
          ) : (
            <ul aria-label="Evidence" className="flex flex-col gap-1">
              {candidates.map((e) => (
                <li key={e.id}>
                  <label className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      checked={selected.includes(e.id)}
                      onChange={(ev) => toggle(e, ev.target.checked)}
                    />
                    <span className="rounded bg-subtle px-1.5 text-xs text-muted">{e.type}</span>
                    <span>{e.description ?? e.id}</span>
                  </label>
                </li>
              ))}
            </ul>
          )
        ) : (
          <div className="flex flex-col gap-3">
            {chosen.map((e) => (
              <label key={e.id} className="flex flex-col gap-1">
                <span className="text-xs font-semibold text-muted">{`Script: ${e.description ?? e.id}`}</span>
                <textarea
                  className="input min-h-16 font-mono text-xs"
                  value={scripts[e.id] ?? ''}
                  onChange={(ev) => setScripts((s) => ({ ...s, [e.id]: ev.target.value }))}
                />
              </label>
            ))}
          </div>
        )}
      </div>
    </Modal>
  );
}
