import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { findBinary, randomSecret, randomSuffix, runTool, type Teardown } from './plumbing.js';

/** The tools that manage the throw-away system users of the SFTP and SMB peers (root only). */
export const SYSTEM_USER_BINARIES = [['useradd'], ['userdel'], ['chpasswd'], ['id'], ['pgrep']];

// Users not yet deleted, removed (forcibly) if the test process exits without stopping their peer.
const liveUsers = new Set<string>();
process.once('exit', () => {
  for (const name of liveUsers) {
    try {
      execFileSync(tool('userdel'), ['--force', name], { stdio: 'ignore' });
    } catch {
      // best effort on the way out
    }
  }
});

const tool = (name: string): string => {
  const bin = findBinary(name);
  if (!bin) throw new Error(`${name} is not installed`);
  return bin;
};

/**
 * Creates `opsdeck-<kind>-<random>` with a password and `home` as its home directory (created,
 * owned by the user), no login shell. Teardown ends the user's processes and deletes the user.
 */
export async function createSystemUser(
  teardown: Teardown,
  kind: string,
  home: string,
): Promise<{ name: string; password: string; uid: number; gid: number }> {
  const name = `opsdeck-${kind}-${randomSuffix()}`;
  const password = randomSecret();
  await runTool(tool('useradd'), [
    '--no-create-home',
    '--home-dir',
    home,
    '--shell',
    '/usr/sbin/nologin',
    '--user-group',
    name,
  ]);
  liveUsers.add(name);
  teardown.add(() => removeSystemUser(name));
  await runTool(tool('chpasswd'), [], { input: `${name}:${password}\n` });
  const uid = Number((await runTool(tool('id'), ['-u', name])).trim());
  const gid = Number((await runTool(tool('id'), ['-g', name])).trim());
  fs.mkdirSync(home, { recursive: true });
  fs.chownSync(home, uid, gid);
  return { name, password, uid, gid };
}

async function removeSystemUser(name: string): Promise<void> {
  // A session the server forked for this user may outlive the server: userdel refuses while it runs.
  for (let attempt = 0; attempt < 50; attempt++) {
    const pids = userPids(name);
    if (!pids.length) break;
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await runTool(tool('userdel'), [name]);
  liveUsers.delete(name);
}

function userPids(name: string): number[] {
  try {
    return execFileSync(tool('pgrep'), ['-u', name], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}
