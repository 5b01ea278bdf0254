import { spawn } from 'node:child_process';
import { REPO_ROOT } from '../../server/src/stack';

/**
 * Runs one load generator script in a process of its own, so it never shares an event loop with the gateway (which
 * runs inside the benchmark's process): `node --import tsx <script> '<job JSON>'`, whose stdout is the result as JSON.
 */
export function runGeneratorProcess<Result>(script: string, job: unknown): Promise<Result> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(job)], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`load generator ${script} exited with ${code}`));
      try {
        resolvePromise(JSON.parse(output) as Result);
      } catch (error) {
        reject(error);
      }
    });
  });
}
