import { useState } from 'react';
import type { Incident } from '../api/types.js';
import { ChangelogSection } from './ChangelogSection.js';
import { DetailsSection } from './DetailsSection.js';
import { DodSection } from './DodSection.js';
import { PanelSection } from './PanelSection.js';

type SectionId = 'details' | 'dod' | 'changelog';

/** The right panel: Details, Definition of done, Changelog; one open at a time, Details first. */
export function SidePanel({ incident, canWrite }: { incident: Incident; canWrite: boolean }) {
  const [open, setOpen] = useState<SectionId | undefined>('details');
  const toggle = (id: SectionId) => setOpen((cur) => (cur === id ? undefined : id));
  return (
    <aside className="card w-80 shrink-0 self-start overflow-hidden" aria-label="Incident panel">
      <PanelSection title="Details" open={open === 'details'} onToggle={() => toggle('details')}>
        <DetailsSection
          key={`${incident.severity}:${incident.type}`}
          incident={incident}
          canWrite={canWrite}
        />
      </PanelSection>
      <PanelSection title="Definition of done" open={open === 'dod'} onToggle={() => toggle('dod')}>
        <DodSection incident={incident} />
      </PanelSection>
      <PanelSection title="Changelog" open={open === 'changelog'} onToggle={() => toggle('changelog')}>
        <ChangelogSection incidentId={incident.id} />
      </PanelSection>
    </aside>
  );
}
