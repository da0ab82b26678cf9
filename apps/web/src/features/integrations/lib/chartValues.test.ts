import { BUNDLED_CHARTS, chartTopSchemaSchema } from '@opsdeck/shared';
import { describe, expect, it } from 'vitest';
import { schemaFields } from '../../../ui/schema-form/schemaFields.js';
import { missingRequired, objectSections, schemaDefaults } from './chartValues.js';
import { directChoices, GITOPS_CHOICES, type GitOpsChoice } from './charts.js';

const chartOf = (choice: GitOpsChoice) => BUNDLED_CHARTS[GITOPS_CHOICES[choice]];

describe('bundled charts', () => {
  it('has a registry chart with a version and a values form for every GitOps choice', () => {
    for (const choice of Object.keys(GITOPS_CHOICES) as GitOpsChoice[]) {
      const chart = chartOf(choice);
      expect(chart.name).toMatch(/^mission-control-/);
      expect(chart.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(schemaFields(chart.schema).length + objectSections(chart.schema).length).toBeGreaterThan(0);
      // The check a schema from the registry must pass holds for the bundled ones too.
      expect(chartTopSchemaSchema.safeParse(chart.schema).success).toBe(true);
    }
    expect(chartOf('Kubernetes').name).toBe('mission-control-kubernetes');
  });

  it('starts from the schema defaults and names the required values still missing', () => {
    const flux = chartOf('Flux').schema;
    expect(schemaDefaults(flux)).toMatchObject({
      topologyName: 'flux',
      playbooks: { enabled: true, git: { connection: 'connection://' } },
    });
    expect(missingRequired(chartOf('Prometheus').schema, {})).toEqual(['prometheusURL', 'topologyName']);
    // An optional section counts only once something in it is filled.
    const aws = chartOf('AWS').schema;
    expect(missingRequired(aws, {})).toEqual([]);
    expect(missingRequired(aws, { costReporting: { enabled: true } })).toEqual([
      'costReporting.database',
      'costReporting.region',
      'costReporting.s3BucketPath',
      'costReporting.table',
    ]);
    expect(missingRequired(chartOf('Azure').schema, { tenantID: 't' })).toEqual([
      'subscriptionID',
      'scraper.name',
    ]);
  });

  it('leaves Log Backends out of the direct choices when logs are disabled', () => {
    expect(directChoices(false)).toEqual(['Custom Topology', 'Catalog Scraper', 'Log Backends']);
    expect(directChoices(true)).toEqual(['Custom Topology', 'Catalog Scraper']);
  });
});
