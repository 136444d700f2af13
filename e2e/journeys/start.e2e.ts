import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/api.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/** The README's start command on a scratch TESSERA_HOME, as a new user runs it. */
describe('npm start on a fresh home', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({
      command: ['npm', 'start'],
      adminPassword: null,
      loadExamples: true,
      startTimeoutMs: 240_000,
    });
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('prints the generated admin password, which logs in and finds the example tables', async () => {
    const [, password] = await server.waitForOutput(/password: (\S+)/);
    const api = await apiClient(server.baseUrl, 'admin', password ?? '');
    // The examples load in the background after the server answers /health.
    let id: number | undefined;
    await expect
      .poll(
        async () => {
          const list = await api.request('GET', '/api/v1/database/');
          const rows = (list.body as { result: Array<{ id: number; database_name: string }> })
            .result;
          id = rows.find((d) => d.database_name === 'examples')?.id;
          return id;
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBeTypeOf('number');
    const tables = await api.request('GET', `/api/v1/database/${id}/tables/?q=(schema_name:main)`);
    const names = (tables.body as { result: Array<{ value: string }> }).result.map((t) => t.value);
    expect(names).toEqual(
      expect.arrayContaining([
        'flights',
        'gapminder',
        'cars',
        'seattle_weather',
        'stocks',
        'airports',
      ]),
    );
    const page = await fetch(`${server.baseUrl}/login/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-bootstrap');
  }, 120_000);
});
