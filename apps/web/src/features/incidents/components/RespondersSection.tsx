import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useHasPermission } from '../../../auth/permissions.js';
import type { Incident } from '../api/types.js';
import { ResponderFlow } from '../parts/ResponderFlow.js';
import { ResponderList } from '../parts/ResponderList.js';

/** The incident's responders under Details, and the responder flow for those who may add them. */
export function RespondersSection({ incident, onChanged }: { incident: Incident; onChanged: () => void }) {
  const canWrite = useHasPermission('responder', 'write');
  const [adding, setAdding] = useState(false);
  return (
    <section className="mt-4 space-y-2" aria-label="Responders">
      <h3 className="text-xs font-semibold text-muted uppercase">Responders</h3>
      <ResponderList incident={incident} onChanged={onChanged} />
      {canWrite ? (
        <>
          <button type="button" className="btn btn-ghost" onClick={() => setAdding(true)}>
            <UserPlus className="size-4" aria-hidden /> Add Responder
          </button>
          <ResponderFlow incident={incident} onChanged={onChanged} open={adding} onOpenChange={setAdding} />
        </>
      ) : null}
    </section>
  );
}
