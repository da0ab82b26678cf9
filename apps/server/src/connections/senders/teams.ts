import { json, need, type Sender } from './types.js';

/**
 * Microsoft Teams incoming webhook. Office 365 connector URLs (`…/webhookb2/…/IncomingWebhook/…`)
 * take a MessageCard; Workflows (Power Automate) URLs take a message with an Adaptive Card.
 */
export const teamsSender: Sender = {
  requests(conn, msg) {
    const url = need(conn.properties.webhook, 'webhook URL');
    if (/\/(webhookb2|IncomingWebhook)\//i.test(url)) {
      return [
        json(url, {
          '@type': 'MessageCard',
          '@context': 'https://schema.org/extensions',
          summary: msg.title,
          title: msg.title,
          text: msg.message,
        }),
      ];
    }
    return [
      json(url, {
        type: 'message',
        attachments: [
          {
            contentType: 'application/vnd.microsoft.card.adaptive',
            content: {
              $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
              type: 'AdaptiveCard',
              version: '1.4',
              body: [
                { type: 'TextBlock', text: msg.title, weight: 'Bolder', size: 'Medium', wrap: true },
                { type: 'TextBlock', text: msg.message, wrap: true },
              ],
            },
          },
        ],
      }),
    ];
  },
};
