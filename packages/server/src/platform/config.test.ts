import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

let home: string | null = null;
afterEach(() => {
  if (home) rmSync(home, { recursive: true, force: true });
  home = null;
});

describe('loadConfig', () => {
  it('serves the web client from packages/web/dist unless TESSERA_WEB_DIST names a folder', () => {
    home = mkdtempSync(path.join(tmpdir(), 'tessera-config-'));
    const overrides = { secretKey: 'test-secret' };
    expect(loadConfig({ TESSERA_HOME: home }, overrides).webDist).toBeNull();
    const other = path.join(home, 'client');
    expect(loadConfig({ TESSERA_HOME: home, TESSERA_WEB_DIST: other }, overrides).webDist).toBe(
      other,
    );
  });
});
