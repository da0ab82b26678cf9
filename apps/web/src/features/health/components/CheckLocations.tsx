import {
  type CheckLocationRow,
  type CheckLocationsAnswer,
  formatDateTime,
  formatDuration,
  formatRelativeTime,
} from '@opsdeck/shared';
import { StatusDot } from '../../../ui/StatusDot.js';

type Located = Extract<CheckLocationsAnswer, { located: true }>;

const STATE_LABEL = { passing: 'Passing', failing: 'Failing', unknown: 'Unknown' } as const;
const STATE_STATUS = { passing: 'healthy', failing: 'unhealthy', unknown: 'unknown' } as const;
const VERDICT = {
  healthy: 'healthy',
  unhealthy: 'failing',
  undecided: 'undecided (keeps its last status)',
} as const;

function Row({ l }: { l: CheckLocationRow }) {
  const text = l.error || l.message || '';
  return (
    <tr className="border-t border-line" data-testid="location-row">
      <td className="py-1.5 pr-3">
        <span className="flex items-center gap-1.5">
          <StatusDot status={STATE_STATUS[l.state]} label={STATE_LABEL[l.state]} />
          <span className="font-medium">{l.name}</span>
        </span>
      </td>
      <td className="py-1.5 pr-3">
        {STATE_LABEL[l.state]}
        {l.reason ? <span className="text-muted"> ({l.reason})</span> : null}
      </td>
      <td className="py-1.5 pr-3 tabular-nums">{l.duration === null ? '—' : formatDuration(l.duration)}</td>
      <td className="max-w-96 truncate py-1.5 pr-3" title={text}>
        {text || <span className="text-muted">—</span>}
      </td>
      <td className="py-1.5 whitespace-nowrap">
        {l.time ? <span title={formatDateTime(l.time)}>{formatRelativeTime(l.time)}</span> : '—'}
      </td>
    </tr>
  );
}

/** A located check's places: one row each, and the quorum they make now. */
export function CheckLocations({ answer }: { answer: Located }) {
  return (
    <section aria-label="Locations" className="rounded-lg border border-line p-3">
      <h3 className="mb-1 flex flex-wrap items-baseline gap-2 text-xs font-semibold text-muted">
        <span>Locations</span>
        <span className="font-normal" data-testid="quorum">
          Fails when {answer.k} of {answer.n} fail · now {answer.failing} failing, {answer.passing} passing,{' '}
          {answer.unknown} unknown: {VERDICT[answer.verdict]}
        </span>
      </h3>
      <table className="w-full text-left text-[13px]">
        <thead className="text-[11px] tracking-wide text-muted uppercase">
          <tr>
            <th className="pr-3 font-semibold">Location</th>
            <th className="pr-3 font-semibold">Status</th>
            <th className="pr-3 font-semibold">Latency</th>
            <th className="pr-3 font-semibold">Last message</th>
            <th className="font-semibold">Time</th>
          </tr>
        </thead>
        <tbody>
          {answer.locations.map((l) => (
            <Row key={l.id ?? `name:${l.name}`} l={l} />
          ))}
        </tbody>
      </table>
    </section>
  );
}
