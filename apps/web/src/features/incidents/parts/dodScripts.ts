import type { EvidenceType } from '@opsdeck/shared';

/** The script the Automatic definition-of-done step starts with, per evidence type. */
export const DOD_DEFAULT_SCRIPTS: Partial<Record<EvidenceType, string>> = {
  topology: "component.status == 'healthy'",
  check: "check.status == 'healthy' && time.Since(check.last_transition_time) > duration('5m')",
  config_analysis: "analysis.status == 'resolved'",
};

/** The default script for an evidence type; empty where there is none. */
export function defaultScript(type: EvidenceType): string {
  return DOD_DEFAULT_SCRIPTS[type] ?? '';
}
