import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { adminBanner } from './main.ts';

const SHIM = fileURLToPath(new URL('../bin/tessera.mjs', import.meta.url));

interface Served {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  /** Resolves with the output once `pattern` appears in it. */
  waitFor: (pattern: RegExp, ms?: number) => Promise<RegExpExecArray>;
  exited: Promise<number | null>;
}

const children: ChildProcessWithoutNullStreams[] = [];
const homes: string[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

function scratchHome(): string {
  const home = mkdtempSync(path.join(tmpdir(), 'tessera-serve-'));
  homes.push(home);
  return home;
}

function serve(home: string, env: Record<string, string> = {}): Served {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(base)) if (key.startsWith('TESSERA_')) delete base[key];
  const child = spawn(process.execPath, [SHIM, 'serve', '--port', '0', '--host', '127.0.0.1'], {
    env: { ...base, TESSERA_HOME: home, ...env },
  });
  children.push(child);
  let text = '';
  const waiters: Array<() => void> = [];
  const onData = (chunk: Buffer) => {
    text += chunk.toString();
    for (const wake of waiters.splice(0)) wake();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => resolve(code)),
  );
  const waitFor = (pattern: RegExp, ms = 30_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`timed out waiting for ${pattern}:\n${text}`)),
        ms,
      );
      const check = () => {
        const match = pattern.exec(text);
        if (match) {
          clearTimeout(timer);
          resolve(match);
        } else if (child.exitCode !== null) {
          clearTimeout(timer);
          reject(new Error(`server exited (${child.exitCode}) before ${pattern}:\n${text}`));
        } else {
          waiters.push(check);
        }
      };
      check();
    });
  return { child, output: () => text, waitFor, exited };
}

async function login(base: string, username: string, password: string): Promise<string | null> {
  const response = await fetch(`${base}api/v1/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, provider: 'db' }),
  });
  if (response.status !== 200) return null;
  return ((await response.json()) as { access_token: string }).access_token;
}

describe('adminBanner', () => {
  it('boxes the URL, user name and generated password', () => {
    const banner = adminBanner('http://localhost:8088/', 'admin', 's3cret');
    const lines = banner.split('\n');
    expect(lines[0]).toMatch(/^┌─+┐$/);
    expect(lines.at(-1)).toMatch(/^└─+┘$/);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
    expect(banner).toContain('http://localhost:8088/');
    expect(banner).toContain('username: admin');
    expect(banner).toContain('password: s3cret');
  });

  it('names TESSERA_ADMIN_PASSWORD instead of printing a configured password', () => {
    const banner = adminBanner('http://localhost:8088/', 'root', null);
    expect(banner).toContain('password: the value of TESSERA_ADMIN_PASSWORD');
  });
});

describe('tessera serve', () => {
  it('prints the first admin login, answers /health, loads examples and stops on SIGTERM', async () => {
    const home = scratchHome();
    const server = serve(home);
    const [, url] = await server.waitFor(/Tessera is running at (http:\/\/localhost:\d+\/)/);
    const [, password] = await server.waitFor(/password: (\S+)/);
    expect(server.output()).toContain('username: admin');

    const health = await fetch(`${url}health`);
    expect(await health.text()).toBe('OK');

    const token = await login(url, 'admin', password);
    expect(token).toBeTruthy();
    await server.waitFor(/examples database built/);
    const list = await fetch(`${url}api/v1/database/`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await list.json()) as { result: Array<{ database_name: string }> };
    expect(body.result.map((d) => d.database_name)).toContain('examples');

    const stopped = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(Date.now() - stopped).toBeLessThan(5000);

    // A second start on the same home creates no admin and prints no password.
    const again = serve(home, { TESSERA_LOAD_EXAMPLES: 'false' });
    await again.waitFor(/"msg":"Tessera is running"/);
    expect(again.output()).not.toContain('password:');
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, 90_000);

  it('uses TESSERA_ADMIN_PASSWORD without printing it', async () => {
    const home = scratchHome();
    const server = serve(home, {
      TESSERA_ADMIN_USERNAME: 'chief',
      TESSERA_ADMIN_PASSWORD: 'configured-pass-42',
      TESSERA_LOAD_EXAMPLES: 'false',
    });
    const [, url] = await server.waitFor(/Tessera is running at (http:\/\/localhost:\d+\/)/);
    await server.waitFor(/password: the value of TESSERA_ADMIN_PASSWORD/);
    expect(server.output()).not.toContain('configured-pass-42');
    expect(server.output()).toContain('username: chief');
    expect(await login(url, 'chief', 'configured-pass-42')).toBeTruthy();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);
});
