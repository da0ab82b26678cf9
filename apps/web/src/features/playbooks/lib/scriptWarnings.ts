import { lintPlaybookScripts } from '@opsdeck/shared';
import { yamlScriptWarnings, type TextWarning } from '../../../lib/scriptWarnings.js';

/** Exec scripts of a playbook's YAML that paste an event value into their text (docs/playbooks.md). */
export function playbookScriptWarnings(text: string): TextWarning[] {
  return yamlScriptWarnings(text, lintPlaybookScripts);
}
