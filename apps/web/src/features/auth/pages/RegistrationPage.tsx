import { Link } from 'react-router';
import { FlowPage } from '../components/FlowPage.js';

export function RegistrationPage() {
  return (
    <FlowPage
      kind="registration"
      title={() => 'Create your account'}
      footer={
        <Link className="hover:text-fg hover:underline" to="/login">
          Already have an account? Sign in
        </Link>
      }
    />
  );
}
