import type { Config } from '../config.js';
import { fileAccess, type FileAccess } from './file-roots.js';
import type { ScriptPolicy } from './run-script.js';

/** What runners and scrapers need to know about the sandbox: how and as whom scripts run, which files may be read. */
export type SandboxPolicy = { scripts: ScriptPolicy; files: FileAccess };

export function sandboxPolicy(config: Pick<Config, 'dataDir' | 'sandbox'>): SandboxPolicy {
  return {
    scripts: {
      disabled: config.sandbox.execDisabled,
      user: config.sandbox.execUser,
      dataDir: config.dataDir,
      isolation: { bwrap: config.sandbox.bwrapPath, allowUnisolated: config.sandbox.allowUnisolated },
    },
    files: fileAccess(config),
  };
}
