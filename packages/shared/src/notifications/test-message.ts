import { z } from 'zod';
import { notificationServiceSchema } from './notification-spec.js';

/**
 * The resources a test message can be about (the kind an event's name starts with), as a
 * person calls them.
 */
export const TEST_MESSAGE_NOUNS: Readonly<Record<string, string>> = {
  check: 'health check',
  config: 'catalog item',
  component: 'component',
  incident: 'incident',
};

/**
 * POST /api/notification/test (the rule form's Send test): a rule's columns, enough to render
 * its message for its first event and reach its recipients.
 */
export const testMessageRequestSchema = z.object({
  events: z.array(z.string().min(1)).min(1, 'choose an event first'),
  title: z.string().nullish(),
  template: z.string().nullish(),
  filter: z.string().nullish(),
  person_id: z.uuid().nullish(),
  team_id: z.uuid().nullish(),
  custom_services: z.array(notificationServiceSchema).nullish(),
  properties: z.record(z.string(), z.string()).nullish(),
});
export type TestMessageRequest = z.infer<typeof testMessageRequestSchema>;

/** Its answer: the title sent, about which resource, and each recipient's outcome. */
export const testMessageAnswerSchema = z.object({
  event: z.string(),
  resource: z.object({ type: z.string(), id: z.string(), name: z.string() }),
  /** False when none of the latest resources passes the rule's filter: the test is about the latest. */
  passesFilter: z.boolean(),
  title: z.string(),
  results: z.array(
    z.object({ recipient: z.string(), status: z.enum(['sent', 'error']), error: z.string().optional() }),
  ),
});
export type TestMessageAnswer = z.infer<typeof testMessageAnswerSchema>;
