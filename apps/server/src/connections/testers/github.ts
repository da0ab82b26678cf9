import { z } from 'zod';
import { sendHttpOk } from '../senders/http.js';
import { need } from '../senders/types.js';
import { apiUrl, parseAnswer } from './http.js';
import { parseUrl, type ConnectionTester } from './types.js';

const DEFAULT_API = 'https://api.github.com';

const userSchema = z.object({ login: z.string(), name: z.string().nullish() }).loose();

/** GitHub: `GET /user` with the token, as the github check sends it; proves the token is live. */
export const githubTester: ConnectionTester = {
  types: ['github'],
  async test(conn, ctx) {
    const token = need(conn.password, 'personal access token');
    const base = conn.url || DEFAULT_API;
    parseUrl(base, DEFAULT_API);
    const answer = await sendHttpOk(
      {
        url: apiUrl(base, '/user'),
        method: 'GET',
        headers: {
          accept: 'application/vnd.github+json',
          'x-github-api-version': '2022-11-28',
          'user-agent': 'opsdeck',
          authorization: `Bearer ${token}`,
        },
      },
      { ...ctx, insecureTls: conn.insecureTls },
    );
    const user = parseAnswer(answer.text, userSchema, 'a GitHub API URL');
    return { login: user.login, ...(user.name ? { name: user.name } : {}) };
  },
};
