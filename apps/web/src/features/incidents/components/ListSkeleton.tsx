/** Placeholder rows while the first page of incidents loads. */
export function ListSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div className="card flex flex-col gap-0 overflow-hidden" aria-busy="true" aria-label="Loading incidents">
      <div className="h-9 border-b border-line bg-subtle" />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex h-[35px] items-center gap-6 border-b border-line px-3 last:border-b-0">
          <div className="h-3 w-16 animate-pulse rounded bg-subtle" />
          <div className="h-3 w-64 animate-pulse rounded bg-subtle" />
          <div className="h-3 w-16 animate-pulse rounded bg-subtle" />
          <div className="h-3 w-20 animate-pulse rounded bg-subtle" />
          <div className="h-3 w-24 animate-pulse rounded bg-subtle" />
        </div>
      ))}
    </div>
  );
}
