import { z } from 'zod';
import { sendHttpOk } from '../senders/http.js';
import { need } from '../senders/types.js';
import { apiUrl, parseAnswer } from './http.js';
import { parseUrl, type ConnectionTester } from './types.js';

const problemsSchema = z.object({ totalCount: z.number().optional() }).loose();

/**
 * Dynatrace: what the dynatrace check reads, `/api/v2/problems` with the `Api-Token`, one
 * problem per page. Proves the token and its `problems.read` scope.
 */
export const dynatraceTester: ConnectionTester = {
  types: ['dynatrace'],
  async test(conn, ctx) {
    parseUrl(conn.url, 'https://abc12345.live.dynatrace.com');
    const token = need(conn.password, 'API token');
    const answer = await sendHttpOk(
      {
        url: `${apiUrl(conn.url, '/api/v2/problems')}?pageSize=1`,
        method: 'GET',
        headers: { accept: 'application/json', authorization: `Api-Token ${token}` },
      },
      { ...ctx, insecureTls: conn.insecureTls },
    );
    const problems = parseAnswer(answer.text, problemsSchema, 'a Dynatrace environment URL');
    return { problems: problems.totalCount ?? 0 };
  },
};
