import { startJsonPeer, type JsonPeer } from './ticketing-plumbing.js';

/**
 * A loopback Jira answering the REST v2 shapes the responder form and the ticket use:
 * GET /rest/api/2/project, GET /rest/api/2/issue/createmeta?projectKeys=…, GET
 * /rest/api/2/priority and POST /rest/api/2/issue (which answers the next key, OPS-1, OPS-2…).
 * Every request must carry Basic `user:token`.
 */
export type JiraPeer = JsonPeer & { user: string; token: string };

export const JIRA_PROJECTS = [
  { id: '10000', key: 'OPS', name: 'Operations' },
  { id: '10001', key: 'PAY', name: 'Payments' },
];
const ISSUE_TYPES: Record<string, { id: string; name: string; subtask: boolean }[]> = {
  OPS: [
    { id: '1', name: 'Bug', subtask: false },
    { id: '3', name: 'Task', subtask: false },
    { id: '5', name: 'Sub-task', subtask: true },
  ],
  PAY: [{ id: '10', name: 'Incident', subtask: false }],
};
export const JIRA_PRIORITIES = ['Highest', 'High', 'Medium', 'Low'];

export async function startJira(user = 'bot@example.com', token = 'jira-api-token'): Promise<JiraPeer> {
  let issues = 0;
  const peer = await startJsonPeer(
    `Basic ${Buffer.from(`${user}:${token}`).toString('base64')}`,
    (req, url) => {
      if (req.method === 'GET' && url.pathname === '/rest/api/2/project')
        return { status: 200, body: JIRA_PROJECTS };
      if (req.method === 'GET' && url.pathname === '/rest/api/2/issue/createmeta') {
        const keys = (url.searchParams.get('projectKeys') ?? '').split(',');
        return {
          status: 200,
          body: {
            expand: 'projects',
            projects: JIRA_PROJECTS.filter((p) => keys.includes(p.key)).map((p) => ({
              ...p,
              issuetypes: ISSUE_TYPES[p.key] ?? [],
            })),
          },
        };
      }
      if (req.method === 'GET' && url.pathname === '/rest/api/2/priority')
        return { status: 200, body: JIRA_PRIORITIES.map((name, i) => ({ id: String(i + 1), name })) };
      if (req.method === 'POST' && url.pathname === '/rest/api/2/issue') {
        const fields = (req.body as { fields?: { project?: { key?: string } } } | undefined)?.fields;
        const key = fields?.project?.key ?? 'OPS';
        issues += 1;
        return { status: 201, body: { id: String(10000 + issues), key: `${key}-${issues}`, self: '' } };
      }
      return undefined;
    },
  );
  return { ...peer, user, token };
}
