import { Modal } from '../../../ui/Modal.js';
import { Tabs, type TabItem } from '../../../ui/Tabs.js';
import type { JobHistory } from './jobHistory.js';

function hasContent(v: unknown): boolean {
  if (v === null || v === undefined) return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') return Object.keys(v).length > 0;
  return String(v).trim() !== '';
}

/** The tabs a job's details have: Errors, Scrape Summary, Reconcile Summary — only those with content. */
export function jobDetailTabs(
  details: JobHistory['details'],
): Array<{ value: string; label: string; data: unknown }> {
  const d = details ?? {};
  const tabs = [
    { value: 'errors', label: 'Errors', data: d.errors },
    { value: 'scrape_summary', label: 'Scrape Summary', data: d.scrape_summary },
    { value: 'summary', label: 'Reconcile Summary', data: d.summary },
  ];
  return tabs.filter((t) => hasContent(t.data));
}

function Json({ value }: { value: unknown }) {
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    return (
      <ul className="flex flex-col gap-1.5">
        {value.map((line, i) => (
          <li
            key={i}
            className="rounded border border-red-200 bg-red-50 px-2.5 py-1.5 font-mono text-xs whitespace-pre-wrap text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
          >
            {line}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <pre className="overflow-auto rounded-md bg-subtle p-3 font-mono text-xs">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** 'Details for job {name}'; not rendered when there is nothing to show. */
export function JobDetailsModal({ job, onClose }: { job: JobHistory | undefined; onClose: () => void }) {
  const tabs = job ? jobDetailTabs(job.details) : [];
  if (!job || tabs.length === 0) return null;
  const items: TabItem[] = tabs.map((t) => ({
    value: t.value,
    label: t.label,
    ...(Array.isArray(t.data) ? { count: t.data.length } : {}),
    content: <Json value={t.data} />,
  }));
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={`Details for job ${job.name}`} size="lg">
      <Tabs tabs={items} />
    </Modal>
  );
}
