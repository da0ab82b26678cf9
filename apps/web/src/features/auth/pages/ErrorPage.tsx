import { Link, Navigate, useSearchParams } from 'react-router';
import { AuthCard } from '../components/AuthCard.js';

/** The hosted provider's error codes and what the page says for each (doc 1 §2). */
export const HOSTED_ERROR_TEXT: Record<string, string> = {
  BAD_SESSION:
    'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.',
};
export const UNKNOWN_ERROR = 'Unknown error';

/**
 * '/error': the hosted provider's error page (`?error_code=`: BAD_SESSION's text, 'Unknown
 * error' for any other code, Go back to /). An older flow-error link (`?id=`) moves to
 * '/error/:id'; nothing at all goes home.
 */
export function ErrorPage() {
  const [params] = useSearchParams();
  const code = params.get('error_code');
  const id = params.get('id');
  if (code === null) return <Navigate to={id ? `/error/${encodeURIComponent(id)}` : '/'} replace />;
  return (
    <AuthCard title="An error occurred" footer={<Link to="/">Go back</Link>}>
      <p role="alert">{HOSTED_ERROR_TEXT[code] ?? UNKNOWN_ERROR}</p>
    </AuthCard>
  );
}
