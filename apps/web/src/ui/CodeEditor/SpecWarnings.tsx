/**
 * The warnings the editor underlines, also written out under it: where in the spec, and what
 * to do. Warnings do not stop a save.
 */
export function SpecWarnings({
  title,
  warnings,
}: {
  title: string;
  warnings: readonly { path: string; message: string }[];
}) {
  if (warnings.length === 0) return null;
  return (
    <div
      role="note"
      aria-label={title}
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-950 dark:bg-yellow-950 dark:text-yellow-300"
    >
      <p className="font-medium">{title}</p>
      <ul className="mt-1 list-disc pl-4">
        {warnings.map((w, i) => (
          <li key={`${w.path}-${i}`}>
            <code>{w.path}</code>: {w.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
