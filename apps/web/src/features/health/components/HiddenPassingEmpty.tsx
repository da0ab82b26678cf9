/** What an empty dashboard says when Hide Passing, not the search or filters, emptied it. */
export function hiddenPassingText(count: number): string {
  return count === 1
    ? 'The 1 matching check is passing — hidden by Hide Passing'
    : `All ${count} matching checks are passing — hidden by Hide Passing`;
}

type Props = { count: number; onShowPassing: () => void };

/** The empty state when every matching check passes: says why and offers to show them. */
export function HiddenPassingEmpty({ count, onShowPassing }: Props) {
  return (
    <span className="flex flex-col items-center gap-2" data-testid="hidden-passing">
      <span>{hiddenPassingText(count)}</span>
      <button type="button" className="btn" onClick={onShowPassing}>
        Show passing checks
      </button>
    </span>
  );
}
