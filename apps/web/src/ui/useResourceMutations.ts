import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';

type ResourceMutations<V> = {
  /** Singular name for the toasts, e.g. 'Catalog Scraper'. */
  resourceName: string;
  /** The settings list; a created resource opens at `{listHref}/{id}`. */
  listHref: string;
  editing: boolean;
  /** Stores the values and returns the resource's id. */
  save: (values: V) => Promise<string>;
  remove: () => Promise<unknown>;
  /** After a save or a delete, e.g. to refresh the list. */
  onChanged?: () => void;
  /** The form shows a failed save itself, so no toast. */
  silentSave?: boolean;
  /** A successful update goes back to `listHref` too (the integrations list). */
  leaveOnUpdate?: boolean;
};

/** Save and delete for a settings resource form, with their toasts and where they lead. */
export function useResourceMutations<V>(r: ResourceMutations<V>) {
  const navigate = useNavigate();
  const save = useMutation({
    mutationFn: r.save,
    meta: { silent: r.silentSave ?? false },
    onSuccess: (id) => {
      toast.success(`${r.resourceName} ${r.editing ? 'updated' : 'created'} successfully`);
      r.onChanged?.();
      if (!r.editing) void navigate(`${r.listHref}/${id}`, { replace: true });
      else if (r.leaveOnUpdate) void navigate(r.listHref);
    },
  });
  const remove = useMutation({
    mutationFn: r.remove,
    onSuccess: () => {
      toast.success(`${r.resourceName} deleted successfully`);
      r.onChanged?.();
      void navigate(r.listHref);
    },
  });
  return { save, remove };
}
