import { Boxes, Network } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useHasPermission } from '../../../auth/permissions.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { useCheckRelationships } from '../api/checkApi.js';

/** Linked components and configs; a row goes to /topology/{id} or /catalog/{id}. */
export function CheckRelationships({ checkId }: { checkId: string }) {
  const canRead = useHasPermission('topologies', 'read');
  const rel = useCheckRelationships(checkId, canRead);
  const navigate = useNavigate();
  const items = rel.data ?? [];
  const components = items.filter((i) => i.kind === 'component').length;
  const configs = items.length - components;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-xs text-muted" data-testid="relationship-counts">
        {components} components, {configs} configs
      </p>
      {rel.isError ? <ErrorView error={rel.error} /> : null}
      {items.length === 0 ? (
        <div className="card flex h-20 items-center justify-center text-muted">No data available</div>
      ) : (
        <ul className="card divide-y divide-line">
          {items.map((i) => (
            <li key={`${i.kind}:${i.id}`}>
              <button
                type="button"
                className="flex w-full items-center gap-2 px-3 py-2 text-left hover:bg-subtle"
                onClick={() =>
                  void navigate(i.kind === 'component' ? `/topology/${i.id}` : `/catalog/${i.id}`)
                }
              >
                {i.kind === 'component' ? (
                  <Network className="size-4 text-muted" />
                ) : (
                  <Boxes className="size-4 text-muted" />
                )}
                <span className="font-medium">{i.name}</span>
                {i.type ? <span className="text-xs text-muted">{i.type}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
