import { hostUrl, json, need, type Sender } from './types.js';

/** OpsGenie: create an alert, POST /v2/alerts with `GenieKey` auth (docs.opsgenie.com/docs/alert-api). */
export const opsgenieSender: Sender = {
  requests(conn, msg) {
    const host = conn.properties.host?.trim() || 'api.opsgenie.com';
    const port = conn.properties.port?.trim();
    const base = hostUrl(port && port !== '443' ? `${host}:${port}` : host);
    return [
      json(
        `${base}/v2/alerts`,
        // OpsGenie cuts the message at 130 characters; the body goes in the description.
        { message: msg.title.slice(0, 130), description: msg.message },
        { authorization: `GenieKey ${need(conn.password, 'API key')}` },
      ),
    ];
  },
};
