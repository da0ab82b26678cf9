import type { Config } from '../../config.js';
import { SecretBox } from './secret-box.js';

export { SecretBox } from './secret-box.js';

const boxes = new WeakMap<Config, SecretBox>();

/**
 * The server's one secret store: the SecretBox for a Config's key (SECRET_KEY or
 * DATA_DIR/secret.key). Auth (TOTP secrets), connections and later playbook parameters and
 * notification senders all seal and open through it, so they share one key and one file.
 */
export function secretBox(config: Config): SecretBox {
  let box = boxes.get(config);
  if (!box) {
    box = new SecretBox(config.auth.secretKey, config.dataDir);
    boxes.set(config, box);
  }
  return box;
}
