import { propertiesKey } from '../../../auth/features.js';

/** The flags table sits below the properties the app's own flag checks read, so a save refreshes both. */
export const featureFlagKeys = {
  all: propertiesKey,
  table: () => [...propertiesKey, 'table'] as const,
};
