/**
 * A stand-in for the server, run as a separate process (as root or as an ordinary user): runs
 * the scripts of the job in SCRIPT_JOB through runScript, as the server would (with SERVER_PID
 * added to their env), and prints `{ pid, results }` as one JSON line. Its own environment plays
 * the server's (secrets included). The job is not in argv, so only the scripts carry their text.
 */
import { runScript, type ScriptPolicy, type ScriptResult } from '../../src/sandbox/run-script.js';

type Job = { policy: ScriptPolicy; scripts: Record<string, string>; env?: Record<string, string> };

const job = JSON.parse(process.env.SCRIPT_JOB ?? '{}') as Job;
const env = { ...job.env, SERVER_PID: String(process.pid) };
const results: Record<string, ScriptResult | { error: string }> = {};
for (const [name, script] of Object.entries(job.scripts)) {
  try {
    results[name] = await runScript({ script, env, timeoutMs: 60_000, policy: job.policy });
  } catch (e) {
    results[name] = { error: e instanceof Error ? e.message : String(e) };
  }
}
process.stdout.write(`${JSON.stringify({ pid: process.pid, results })}\n`);
