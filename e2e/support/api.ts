export interface ApiReply {
  status: number;
  body: unknown;
}

export interface ApiClient {
  request(method: string, path: string, body?: unknown): Promise<ApiReply>;
}

/**
 * A bearer-token client for setting a journey up through the REST API (users, databases),
 * so the browser steps only cover what the journey is about. Bearer calls need no CSRF token.
 */
export async function apiClient(
  baseUrl: string,
  username: string,
  password: string,
): Promise<ApiClient> {
  const login = await fetch(`${baseUrl}/api/v1/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, provider: 'db', refresh: true }),
  });
  if (!login.ok) {
    throw new Error(`API login as ${username} failed: ${login.status} ${await login.text()}`);
  }
  const { access_token: token } = (await login.json()) as { access_token: string };

  return {
    async request(method, path, body) {
      const reply = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await reply.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON: keep the text.
      }
      return { status: reply.status, body: parsed };
    },
  };
}
