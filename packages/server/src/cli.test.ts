import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openMetadataStore } from './platform/metadata/store.ts';
import { verifyPassword } from './security/passwords.ts';
import { securityRepository } from './security/repository.ts';
import { TEST_REDIS_URL } from './testing/stores.ts';

const SHIM = fileURLToPath(new URL('../bin/tessera.mjs', import.meta.url));
const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/** Environment for a child: a scratch home and nothing inherited that could point elsewhere. */
function envFor(home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    if (key.startsWith('TESSERA_') && !key.startsWith('TESSERA_TEST_')) delete env[key];
  }
  return { ...env, TESSERA_HOME: home, TESSERA_LOG_LEVEL: 'info', ...extra };
}

function tessera(args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(process.execPath, [SHIM, ...args], {
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('tessera command line', () => {
  let home: string;
  beforeAll(() => {
    home = mkdtempSync(path.join(tmpdir(), 'tessera-cli-'));
  });
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it('lists every command in --help', () => {
    const { code, stdout } = tessera(['--help'], envFor(home));
    expect(code).toBe(0);
    for (const command of [
      'serve',
      'worker',
      'migrate',
      'create-admin',
      'load-examples',
      'version',
    ]) {
      expect(stdout).toMatch(new RegExp(`^\\s+${command}\\b`, 'm'));
    }
  });

  it('documents serve options and what the worker needs', () => {
    const serve = tessera(['serve', '--help'], envFor(home));
    expect(serve.stdout).toContain('--port <port>');
    expect(serve.stdout).toContain('--host <host>');
    const worker = tessera(['help', 'worker'], envFor(home));
    expect(worker.stdout).toContain('Needs TESSERA_REDIS_URL');
  });

  it('prints the version with `version` and `--version`', () => {
    expect(tessera(['version'], envFor(home)).stdout.trim()).toBe(`tessera ${VERSION}`);
    expect(tessera(['--version'], envFor(home)).stdout.trim()).toBe(VERSION);
  });

  it('rejects an unknown command and a bad port with a non-zero exit', () => {
    const unknown = tessera(['frobnicate'], envFor(home));
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain("unknown command 'frobnicate'");
    const badPort = tessera(['serve', '--port', 'eighty'], envFor(home));
    expect(badPort.code).not.toBe(0);
    expect(badPort.stderr).toContain('Not a port number');
  });

  it('migrates a fresh home, then finds nothing to apply', () => {
    const first = tessera(['migrate'], envFor(home));
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('0001_platform');
    const second = tessera(['migrate'], envFor(home));
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('up to date');
  });

  it('creates admins with given or generated passwords and refuses a duplicate', async () => {
    const given = tessera(
      [
        'create-admin',
        '--username',
        'ada',
        '--password',
        'lovelace-1815',
        '--email',
        'ada@example.org',
        '--first-name',
        'Ada',
      ],
      envFor(home),
    );
    expect(given.code).toBe(0);
    expect(given.stdout).toContain('Admin user "ada" created.');
    expect(given.stdout).not.toContain('lovelace-1815');
    const generated = tessera(['create-admin', '--username', 'grace'], envFor(home));
    expect(generated.code).toBe(0);
    const password = /password: (\S+)/.exec(generated.stdout)?.[1];
    expect(password).toBeTruthy();
    const duplicate = tessera(
      ['create-admin', '--username', 'ada', '--password', 'x'],
      envFor(home),
    );
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('A user named "ada" already exists');

    const store = openMetadataStore({ home, databaseUrl: null });
    try {
      await migrateToLatest(store);
      const ada = await securityRepository.getUserByName(store.db, 'ada');
      expect(ada).toMatchObject({ email: 'ada@example.org', first_name: 'Ada' });
      expect(await verifyPassword(ada?.password_hash ?? null, 'lovelace-1815')).toBe(true);
      const grace = await securityRepository.getUserByName(store.db, 'grace');
      expect(await verifyPassword(grace?.password_hash ?? null, password ?? '')).toBe(true);
      const roles = await securityRepository.userRoles(store.db, [ada?.id ?? 0, grace?.id ?? 0]);
      for (const list of roles.values()) expect(list.map((r) => r.name)).toEqual(['Admin']);
    } finally {
      await store.close();
    }
  });

  it('worker without Redis says jobs run in the serving process and exits 0', () => {
    const { code, stdout } = tessera(['worker'], envFor(home));
    expect(code).toBe(0);
    expect(stdout).toContain('worker ready: no queue configured; jobs run in the serving process');
  });

  it('worker with an unreachable Redis fails clearly', () => {
    const { code, stderr } = tessera(
      ['worker'],
      envFor(home, { TESSERA_REDIS_URL: 'redis://127.0.0.1:1' }),
    );
    expect(code).toBe(1);
    expect(stderr).toContain('Cannot connect to Redis at redis://127.0.0.1:1');
  });
});

if (!TEST_REDIS_URL)
  console.warn('worker-with-Redis test skipped: TESSERA_TEST_REDIS_URL is not set');

describe.skipIf(!TEST_REDIS_URL)('tessera worker with Redis', () => {
  it('takes jobs from the Redis queue, reports ready and stops on SIGTERM with exit 0', async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'tessera-cli-'));
    try {
      const child = spawn(process.execPath, [SHIM, 'worker'], {
        env: envFor(home, { TESSERA_REDIS_URL: TEST_REDIS_URL }),
      });
      let output = '';
      let signalled = false;
      child.stdout.on('data', (chunk) => {
        output += chunk;
        if (
          !signalled &&
          output.includes('worker ready: running asynchronous SQL Lab queries from the Redis queue')
        ) {
          signalled = true;
          child.kill('SIGTERM');
        }
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(output).toContain(
        'worker ready: running asynchronous SQL Lab queries from the Redis queue',
      );
      expect(output).toContain('worker stopping');
      expect(code).toBe(0);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
