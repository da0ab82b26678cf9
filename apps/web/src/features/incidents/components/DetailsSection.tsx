import { formatDateTime, INCIDENT_SEVERITIES, INCIDENT_TYPES } from '@opsdeck/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { useDebouncedValue } from '../../../lib/useDebouncedValue.js';
import { Avatar } from '../../../ui/Avatar.js';
import type { Incident, PersonRef } from '../api/types.js';
import { useSetSeverityType } from '../api/useIncident.js';
import { label } from '../lib/filters.js';

/** Edits of the detail page are sent this long after the last change. */
export const DETAIL_EDIT_DEBOUNCE_MS = 500;

function Row({ name, children }: { name: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted">{name}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

function Person({ person }: { person: PersonRef | null | undefined }) {
  if (!person) return null;
  return (
    <span className="flex items-center gap-1.5">
      <Avatar name={person.name} src={person.avatar ?? null} size="sm" />
      {person.name}
    </span>
  );
}

const options = (values: readonly string[]) =>
  values.map((v) => (
    <option key={v} value={v}>
      {label(v)}
    </option>
  ));

/**
 * Details: the incident's fields; severity and type are editable with write on incidents.
 * The panel keys it on severity and type, so a reload with other values starts it afresh.
 */
export function DetailsSection({ incident, canWrite }: { incident: Incident; canWrite: boolean }) {
  const save = useSetSeverityType(incident.id);
  const [edit, setEdit] = useState({ severity: incident.severity, type: incident.type });
  const settled = useDebouncedValue(edit, DETAIL_EDIT_DEBOUNCE_MS);
  useEffect(() => {
    if (settled.severity !== incident.severity || settled.type !== incident.type) save.mutate(settled);
    // Only a settled edit is sent; a reload of the incident must not send it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return (
    <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-2">
      <Row name="ID">{incident.incident_id}</Row>
      <Row name="Title">{incident.title}</Row>
      {incident.description ? <Row name="Description">{incident.description}</Row> : null}
      <Row name="Status">{label(incident.status)}</Row>
      <Row name="Commander">
        <Person person={incident.commander} />
      </Row>
      {incident.communicator ? (
        <Row name="Communicator">
          <Person person={incident.communicator} />
        </Row>
      ) : null}
      <Row name="Severity">
        {canWrite ? (
          <select
            className="input h-7 w-full"
            aria-label="Severity"
            value={edit.severity}
            onChange={(e) => setEdit((p) => ({ ...p, severity: e.target.value }))}
          >
            {options(INCIDENT_SEVERITIES)}
          </select>
        ) : (
          label(incident.severity)
        )}
      </Row>
      <Row name="Type">
        {canWrite ? (
          <select
            className="input h-7 w-full"
            aria-label="Type"
            value={edit.type}
            onChange={(e) => setEdit((p) => ({ ...p, type: e.target.value }))}
          >
            {options(INCIDENT_TYPES)}
          </select>
        ) : (
          label(incident.type)
        )}
      </Row>
      <Row name="Created">{formatDateTime(incident.created_at)}</Row>
      {incident.updated_at ? <Row name="Updated">{formatDateTime(incident.updated_at)}</Row> : null}
    </dl>
  );
}
