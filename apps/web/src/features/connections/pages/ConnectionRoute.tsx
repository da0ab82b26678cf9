import { Navigate, useParams } from 'react-router';

/** '/settings/connections/:id' (doc 3 §2.1): the connections page with that connection's dialog open. */
export function ConnectionRoute() {
  const id = useParams().id ?? '';
  return <Navigate to={`/settings/connections?connection=${encodeURIComponent(id)}`} replace />;
}
