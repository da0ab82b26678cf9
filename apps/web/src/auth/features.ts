import { useQuery } from '@tanstack/react-query';
import { fetchProperties, type Property } from '../api/platform.js';

/**
 * Features that follow a parent's flag: disabling the parent disables them too. The Settings
 * entries carry the spec's feature names (doc 1 §6: settings.rules, settings.logging_backends…);
 * those of an area that has its own flag follow it.
 */
export const FEATURE_PARENTS: Record<string, string> = {
  'settings.config_scraper': 'config',
  'settings.topology': 'topology',
  'settings.health': 'health',
  'settings.job_history': 'health',
  'settings.rules': 'incidents',
  'settings.logging_backends': 'logs',
};

/** A feature is off when '{feature}.disable' is 'true', or when its parent is off. */
export function isFeatureDisabled(properties: readonly Property[], feature: string): boolean {
  const off = (name: string) => properties.some((p) => p.name === `${name}.disable` && p.value === 'true');
  if (off(feature)) return true;
  const parent = FEATURE_PARENTS[feature];
  return parent !== undefined && off(parent);
}

/** The feature flags (properties) every flag check reads. */
export const propertiesKey = ['properties'] as const;

export function useProperties() {
  return useQuery({ queryKey: propertiesKey, queryFn: fetchProperties, staleTime: 60_000 });
}

/** The current flag check; while the flags load, nothing counts as disabled. */
export function useFeatureCheck(): (feature: string | undefined) => boolean {
  const { data } = useProperties();
  return (feature) => feature !== undefined && isFeatureDisabled(data ?? [], feature);
}
