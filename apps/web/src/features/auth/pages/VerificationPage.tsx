import { Link } from 'react-router';
import { FlowPage } from '../components/FlowPage.js';

export function VerificationPage() {
  return (
    <FlowPage
      kind="verification"
      title={() => 'Verify your email address'}
      footer={
        <Link className="hover:text-fg hover:underline" to="/">
          Go back
        </Link>
      }
    />
  );
}
