import { type ApiClient, apiClient } from '../../e2e/support/api.ts';
import { type RunningServer, startServer } from '../../e2e/support/server.ts';

/**
 * A real server with the examples database, for the chart-data benchmarks: started as a child
 * process on 127.0.0.1 with a scratch home, an admin API client and a bearer token for the load
 * generator. The examples load after the server listens, so `datasetId` waits for the dataset.
 */
export interface ExamplesServer {
  server: RunningServer;
  api: ApiClient;
  /** `Bearer <token>` of the admin, for clients other than `api` (autocannon). */
  authorization: string;
  /** The id of the dataset over the example table `table`, once the examples are loaded. */
  datasetId(table: string): Promise<number>;
  stop(): Promise<void>;
}

const DATASET_WAIT_MS = 120_000;

async function bearer(baseUrl: string, username: string, password: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/v1/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, provider: 'db' }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { access_token: token } = (await login.json()) as { access_token: string };
  return `Bearer ${token}`;
}

export async function startExamplesServer(
  env: Record<string, string> = {},
): Promise<ExamplesServer> {
  const server = await startServer({ loadExamples: true, env });
  try {
    const password = server.adminPassword as string;
    const api = await apiClient(server.baseUrl, server.adminUsername, password);
    const authorization = await bearer(server.baseUrl, server.adminUsername, password);
    const datasetId = async (table: string) => {
      const q = encodeURIComponent(`(filters:!((col:table_name,opr:eq,value:${table})))`);
      const deadline = Date.now() + DATASET_WAIT_MS;
      while (Date.now() < deadline) {
        const reply = await api.request('GET', `/api/v1/dataset/?q=${q}`);
        const rows = (reply.body as { result?: Array<{ id: number; table_name: string }> }).result;
        const found = rows?.find((row) => row.table_name === table);
        if (found) return found.id;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      throw new Error(`No dataset for the example table ${table} after ${DATASET_WAIT_MS} ms`);
    };
    return { server, api, authorization, datasetId, stop: () => server.stop() };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
