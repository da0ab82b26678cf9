import { Plus } from 'lucide-react';
import { Link } from 'react-router';

/** Where a new health check is written (Settings › Health Checks). */
const NEW_CHECK_PATH = '/settings/canaries/new';

/** The way to a new health check, for those who may write canaries. */
export function AddCheckLink() {
  return (
    <Link to={NEW_CHECK_PATH} className="btn btn-primary">
      <Plus className="size-4" aria-hidden /> Add Health Check
    </Link>
  );
}

/** The empty dashboard of a console with no checks at all: says so and, to editors, offers the first. */
export function NoChecksEmpty({ canAdd }: { canAdd: boolean }) {
  return (
    <span className="flex flex-col items-center gap-2" data-testid="no-checks">
      <span>No health checks yet</span>
      {canAdd ? <AddCheckLink /> : null}
    </span>
  );
}
