import { ShieldX } from 'lucide-react';

/** Shown where the user lacks the permission a page needs. */
export function Unauthorized() {
  return (
    <div role="alert" className="flex h-full flex-col items-center justify-center gap-2 p-10 text-center">
      <ShieldX className="size-10 text-muted" aria-hidden />
      <h1 className="text-lg font-semibold">Unauthorized</h1>
      <p className="text-muted">You do not have permission to access this page</p>
    </div>
  );
}
