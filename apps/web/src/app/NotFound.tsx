import { Compass } from 'lucide-react';
import { Link } from 'react-router';

export function NotFound() {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 p-10 text-center">
      <Compass className="size-10 text-muted" aria-hidden />
      <h1 className="text-lg font-semibold">Page not found</h1>
      <p className="text-muted">There is nothing at this address.</p>
      <Link to="/" className="btn mt-2">
        Go home
      </Link>
    </div>
  );
}
