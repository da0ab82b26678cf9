import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router';
import { fetchFlowError } from '../api/flows.js';
import { AuthCard } from '../components/AuthCard.js';
import { authKeys } from '../api/keys.js';

/** '/error/:id': the stored flow error as text; gone errors (404, 403, 410) go home. */
export function FlowErrorPage() {
  const id = useParams().id ?? '';
  const q = useQuery({
    queryKey: authKeys.flowError(id),
    queryFn: () => fetchFlowError(id),
    enabled: id !== '',
  });
  if (!id || q.data === null) return <Navigate to="/" replace />;
  return (
    <AuthCard title="An error occurred" footer={<Link to="/">Go back</Link>}>
      {q.isPending ? <div className="text-muted">Loading…</div> : null}
      {q.isError ? <pre className="text-sm whitespace-pre-wrap">{q.error.message}</pre> : null}
      {q.data ? (
        <pre className="text-sm whitespace-pre-wrap" data-testid="flow-error">
          {JSON.stringify(q.data.error, null, 2)}
        </pre>
      ) : null}
    </AuthCard>
  );
}
