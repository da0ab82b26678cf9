import { useState } from 'react';
import { useHasPermission } from '../../../auth/permissions.js';
import type { Incident } from '../api/types.js';
import { RespondersSection } from './RespondersSection.js';
import { ChangelogSection } from './ChangelogSection.js';
import { DetailsSection } from './DetailsSection.js';
import { DodSection } from './DodSection.js';
import { PanelSection } from './PanelSection.js';

type SectionId = 'details' | 'dod' | 'changelog';

/** The right panel: Details, Definition of done, Changelog; one open at a time, Details first. */
type Props = { incident: Incident; canWrite: boolean; onChanged: () => void };

export function SidePanel({ incident, canWrite, onChanged }: Props) {
  const canWriteEvidence = useHasPermission('evidences', 'write');
  const [open, setOpen] = useState<SectionId | undefined>('details');
  const toggle = (id: SectionId) => setOpen((cur) => (cur === id ? undefined : id));
  return (
    <aside
      className="card w-80 shrink-0 self-start overflow-hidden max-md:w-full"
      aria-label="Incident panel"
    >
      <PanelSection title="Details" open={open === 'details'} onToggle={() => toggle('details')}>
        <DetailsSection
          key={`${incident.severity}:${incident.type}`}
          incident={incident}
          canWrite={canWrite}
        />
        <RespondersSection incident={incident} onChanged={onChanged} />
      </PanelSection>
      <PanelSection title="Definition of done" open={open === 'dod'} onToggle={() => toggle('dod')}>
        <DodSection incident={incident} canWrite={canWriteEvidence} onChanged={onChanged} />
      </PanelSection>
      <PanelSection title="Changelog" open={open === 'changelog'} onToggle={() => toggle('changelog')}>
        <ChangelogSection incidentId={incident.id} />
      </PanelSection>
    </aside>
  );
}
