import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../api/errors.js';
import { useDebouncedValue } from '../../../lib/useDebouncedValue.js';
import { cn } from '../../../lib/cn.js';
import { Modal } from '../../../ui/Modal.js';
import { linkConfig, searchConfigs } from '../api/topologyApi.js';
import type { TopologyComponent } from '../api/types.js';
import { topologyKeys } from '../api/keys.js';

/** 'Link to catalog': pick a config item (≤ 50 results, 1 s debounce) and link it manually. */
export function LinkConfigModal({
  component,
  onClose,
}: {
  component: TopologyComponent;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text, 1000);
  const [chosen, setChosen] = useState<string | null>(null);
  const qc = useQueryClient();
  const results = useQuery({
    queryKey: topologyKeys.configSearch(search),
    queryFn: ({ signal }) => searchConfigs(search, signal),
  });
  const link = useMutation({
    mutationFn: (configId: string) => linkConfig(component.id, configId),
    onSuccess: () => {
      toast.success('config link successful');
      void qc.invalidateQueries({ queryKey: topologyKeys.all });
      onClose();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Link ${component.name} to a catalog item`}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!chosen || link.isPending}
            onClick={() => chosen && link.mutate(chosen)}
          >
            Link
          </button>
        </>
      }
    >
      <input
        className="input"
        placeholder="Search catalog items"
        aria-label="Search catalog items"
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoFocus
      />
      <ul role="listbox" aria-label="Catalog items" className="mt-2 max-h-72 overflow-y-auto">
        {results.isFetching && !results.data && <li className="p-2 text-xs text-muted">Searching…</li>}
        {results.data?.length === 0 && <li className="p-2 text-xs text-muted">No catalog items found</li>}
        {results.data?.map((c) => (
          <li
            key={c.id}
            role="option"
            aria-selected={chosen === c.id}
            onClick={() => setChosen(c.id)}
            className={cn(
              'flex cursor-pointer items-center justify-between gap-2 rounded px-2 py-1.5 text-[13px] hover:bg-subtle',
              chosen === c.id && 'bg-brand-100 dark:bg-brand-700/30',
            )}
          >
            <span className="truncate">{c.name}</span>
            <span className="shrink-0 text-xs text-muted">{c.type}</span>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
