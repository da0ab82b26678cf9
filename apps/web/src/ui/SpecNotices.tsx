import { useQuery } from '@tanstack/react-query';
import { fetchSpecNotices } from '../api/specNotices.js';
import { SpecWarnings } from './CodeEditor/SpecWarnings.js';

/**
 * Above a stored object's form: that `opsdeck apply` manages it (a change made here is undone
 * by the next apply of its file), and what it names that does not exist yet.
 */
export function SpecNotices({ table, id }: { table: string; id: string }) {
  const { data } = useQuery({
    queryKey: ['spec-notices', table, id],
    queryFn: ({ signal }) => fetchSpecNotices(table, id, signal),
  });
  if (!data) return null;
  return (
    <>
      {data.appliedFrom ? (
        <p
          role="note"
          aria-label="Applied from a file"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-950 dark:bg-yellow-950 dark:text-yellow-300"
        >
          Applied from <code>{data.appliedFrom}</code> with <code>opsdeck apply</code>. A change saved here is
          overwritten by the next apply of that file: change the file instead.
        </p>
      ) : null}
      <SpecWarnings title="Waiting for what this names (it does not exist yet)" warnings={data.unresolved} />
    </>
  );
}
