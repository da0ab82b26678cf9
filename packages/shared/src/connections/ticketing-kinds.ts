import { password, property, url, username, type ConnectionTypeDef } from './fields.js';

/** Microsoft Graph's public endpoint; a connection may name another (a national cloud, a test peer). */
export const GRAPH_DEFAULT_URL = 'https://graph.microsoft.com';

/**
 * Ticket systems a team responder opens tickets in: the "instances" the Jira and Microsoft
 * Planner responder forms pick from, and whose projects, issue types, priorities, plans and
 * buckets they look up (docs/incidents.md, "Responders").
 */
export const TICKETING_KINDS: ConnectionTypeDef[] = [
  {
    type: 'jira',
    title: 'Jira',
    category: 'Ticketing',
    fields: [
      url('URL', true, 'https://example.atlassian.net'),
      username('Username (email)', true),
      password('API token', true),
    ],
  },
  {
    type: 'ms_planner',
    title: 'Microsoft Planner',
    category: 'Ticketing',
    fields: [
      { ...url('Graph URL', true, GRAPH_DEFAULT_URL), default: GRAPH_DEFAULT_URL },
      property('group_id', 'Group ID', { hint: 'the Microsoft 365 group whose plans are offered' }),
      password('Access token', true),
    ],
  },
];
