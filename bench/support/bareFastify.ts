import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../e2e/support/server.ts';

/**
 * A bare Fastify server (`bareFastifyServer.ts`) in its own process, answering `answer` to
 * `POST /api/v1/chart/data`: what the HTTP stack alone costs here, the ceiling a Tessera route
 * can approach on the same machine under the same load generator.
 */
export interface BareFastify {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bareFastifyServer.ts');
const START_TIMEOUT_MS = 30_000;

export async function startBareFastify(answer: string): Promise<BareFastify> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-bare-'));
  const answerFile = path.join(dir, 'answer.json');
  writeFileSync(answerFile, answer);
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, answerFile, String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the bare Fastify server did not start:\n${output}`)),
        START_TIMEOUT_MS,
      );
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('listening')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the bare Fastify server exited (${code}):\n${output}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  if (child.pid === undefined) throw new Error('the bare Fastify server has no pid');
  return { url: `http://127.0.0.1:${port}/api/v1/chart/data`, pid: child.pid, stop };
}
