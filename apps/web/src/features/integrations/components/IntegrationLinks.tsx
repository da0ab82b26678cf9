import { LOCAL_AGENT_ID } from '@opsdeck/shared';
import { Link } from 'react-router';

/** Where an integration's results and related settings are seen. */
export function IntegrationLinks({ agentId }: { agentId: string | undefined }) {
  const links: [string, string][] = [
    ...(agentId && agentId !== LOCAL_AGENT_ID
      ? ([['Agent', `/settings/agents?id=${agentId}`]] as [string, string][])
      : []),
    ['Health Checks', '/settings/canaries'],
    ['Catalog Scrapers', '/catalog/scrapers'],
    ['Topologies', '/settings/topologies'],
    ['Catalog', '/catalog'],
    ['Playbooks', '/playbooks'],
  ];
  return (
    <nav aria-label="Related" className="flex flex-wrap gap-3 text-sm">
      {links.map(([label, href]) => (
        <Link key={href} to={href} className="text-brand-600 hover:underline">
          {label}
        </Link>
      ))}
    </nav>
  );
}
