import type { AsyncEvent } from '@tessera/shared/api/async';
import { ASYNC_TOKEN_COOKIE } from '@tessera/shared/api/async';
import { TEST_PASSWORD, type TestApp, type TestUser } from '../testing/harness.ts';

type FastifyInstance = TestApp['app'];

/** A signed-in browser of a test: its cookies (session and `async-token`) and CSRF header. */
export interface Browser {
  headers: Record<string, string>;
  token: string;
}

/** Logs in as a browser does, then loads a page, which sets the `async-token` cookie. */
export async function signIn(app: FastifyInstance, user: TestUser): Promise<Browser> {
  const login = await app.inject({
    method: 'POST',
    url: '/login/',
    payload: { username: user, password: TEST_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`login as ${user} failed: ${login.body}`);
  const session = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const csrf = await app.inject({
    method: 'GET',
    url: '/api/v1/security/csrf_token/',
    headers: { cookie: session },
  });
  const token = csrf.cookies.find((c) => c.name === ASYNC_TOKEN_COOKIE)?.value;
  if (!token) throw new Error('no async-token cookie was set');
  return {
    token,
    headers: {
      cookie: `${session}; ${ASYNC_TOKEN_COOKIE}=${token}`,
      'x-csrftoken': (csrf.json() as { result: string }).result,
    },
  };
}

/** Polls the browser's events until one of `jobId` has a final status (or the time is up). */
export async function finalEvent(
  app: FastifyInstance,
  browser: Browser,
  jobId: string,
  timeoutMs = 20_000,
): Promise<AsyncEvent> {
  const until = Date.now() + timeoutMs;
  let lastId: string | null = null;
  while (Date.now() < until) {
    const url: string = `/api/v1/async_event/${lastId ? `?last_id=${lastId}` : ''}`;
    const res = await app.inject({ method: 'GET', url, headers: browser.headers });
    if (res.statusCode !== 200) throw new Error(`async_event: ${res.statusCode} ${res.body}`);
    const events = (res.json() as { result: AsyncEvent[] }).result;
    for (const event of events) {
      lastId = event.id;
      if (event.job_id === jobId && (event.status === 'done' || event.status === 'error')) {
        return event;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no final event for job ${jobId}`);
}
