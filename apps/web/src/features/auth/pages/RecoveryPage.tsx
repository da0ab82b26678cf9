import { Link } from 'react-router';
import { FlowPage } from '../components/FlowPage.js';

export function RecoveryPage() {
  return (
    <FlowPage
      kind="recovery"
      title={() => 'Recover your account'}
      footer={
        <Link className="hover:text-fg hover:underline" to="/login">
          Back to sign in
        </Link>
      }
    />
  );
}
