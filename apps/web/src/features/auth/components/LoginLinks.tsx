import { Link } from 'react-router';
import { useRegistrationOpen } from '../api/useRegistrationOpen.js';

/** Under the sign-in card: recovery, and sign-up only while registration is open. */
export function LoginLinks() {
  const canRegister = useRegistrationOpen();
  return (
    <span className="space-x-3">
      <Link className="hover:text-fg hover:underline" to="/recovery">
        Forgot password?
      </Link>
      {canRegister ? (
        <Link className="hover:text-fg hover:underline" to="/registration">
          Create account
        </Link>
      ) : null}
    </span>
  );
}
