import { parseYamlObject } from '../../../lib/yaml.js';
import { z } from 'zod';

/** Form checks a person can fix in place; the spec's meaning is checked by the server's schema. */
export const scraperFormSchema = z.object({
  name: z.string().trim().min(1, 'This field is required'),
  namespace: z.string().trim(),
  source: z.string(),
  spec: z
    .string()
    .trim()
    .min(1, 'This field is required')
    .refine((t) => parseYamlObject(t) !== undefined, 'The spec is not a YAML mapping'),
});
export type ScraperFormValues = z.infer<typeof scraperFormSchema>;

export const SCRAPE_CONFIG_SCHEMA_URL = '/api/schemas/scrape-config.schema.json';

export const NEW_SCRAPER_SPEC = `schedule: "@every 5m"
file:
  - type: $.kind
    class: $.kind
    name: $.metadata.name
    id: $.metadata.uid
    paths:
      - /path/to/manifests/*.yaml
`;
