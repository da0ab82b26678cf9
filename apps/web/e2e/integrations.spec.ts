import { ADMIN_EMAIL, ADMIN_PASSWORD, signIn } from './auth.js';
import { AUTH_MODE, expect, test } from './fixtures.js';

/**
 * The integrations journey (issue 18): open the Add Integration modal, pick Kubernetes, fill
 * one chart value and see it in both install previews, Flux YAML and the Helm command.
 */
test('previews a Kubernetes install as Flux YAML and as a Helm command', async ({ page }) => {
  if (AUTH_MODE !== 'none') await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/settings/integrations');
  await page.getByRole('button', { name: 'Add Integration' }).click();

  const picker = page.getByRole('dialog', { name: 'Add Integration' });
  await expect(picker.getByRole('region', { name: 'Add via GitOps' }).getByRole('button')).toHaveText([
    'AWS',
    'Azure',
    'Prometheus',
    'Flux',
    'Kubernetes',
    'Mission Control',
  ]);
  await picker.getByRole('button', { name: 'Kubernetes', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Add Integration - Kubernetes' });
  await expect(dialog.getByRole('textbox', { name: 'Namespace', exact: true })).toHaveValue(
    'mission-control',
  );
  await expect(dialog.getByRole('textbox', { name: 'Interval', exact: true })).toHaveValue('30m');
  await dialog.getByRole('textbox', { name: 'Cluster name', exact: true }).fill('prod-eu');

  await expect(dialog.getByRole('note')).toHaveText('The Kubernetes chart must be installed in flux.');
  const flux = dialog.getByLabel('Flux YAML', { exact: true });
  await expect(flux).toContainText('chart: mission-control-kubernetes');
  await expect(flux).toContainText('clusterName: prod-eu');

  await dialog.getByRole('tab', { name: 'Helm CLI' }).click();
  const helm = dialog.getByLabel('Helm command', { exact: true });
  await expect(helm).toContainText(
    'helm install flanksource/mission-control-kubernetes -n "mission-control"',
  );
  await expect(helm).toContainText('--set clusterName="prod-eu"');
});
