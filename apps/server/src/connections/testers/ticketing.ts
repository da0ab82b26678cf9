import { jiraProjects } from '../clients/jira.js';
import { plannerPlans } from '../clients/planner.js';
import type { ConnectionTester } from './types.js';

/** Jira: the projects the user sees (what the responder form lists first). */
export const jiraTester: ConnectionTester = {
  types: ['jira'],
  async test(conn, ctx) {
    return { projects: (await jiraProjects(conn, ctx)).length };
  },
};

/** Microsoft Planner: the plans the token sees. */
export const plannerTester: ConnectionTester = {
  types: ['ms_planner'],
  async test(conn, ctx) {
    return { plans: (await plannerPlans(conn, ctx)).length };
  },
};
