import {
  type RouteAnswer,
  type RouteArgs,
  type RouteSpec,
  routePath,
} from '@tessera/shared/api/route';
import {
  type ClientErrorObject,
  FALLBACK_ERROR,
  networkError,
  normaliseErrorReply,
  SESSION_TIMED_OUT_MESSAGE,
  timeoutError,
} from '@tessera/shared/clientErrors';
import rison from 'rison-node';

/**
 * The one HTTP client of the web app. Every call goes through it so that every failure reaches
 * the UI the same way: a thrown `ClientError` carrying the spec's normalised error object.
 */

export class ClientError extends Error {
  readonly info: ClientErrorObject;

  constructor(info: ClientErrorObject) {
    super(info.error);
    this.name = 'ClientError';
    this.info = info;
  }

  get status(): number | undefined {
    return this.info.status;
  }
}

export type HttpMethod = RouteSpec['method'];

export interface RequestOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Rison-encoded into the `q` parameter, as Superset's list and metadata endpoints read it. */
  q?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Cancels the call; an aborted call rejects with the AbortError, never a ClientError. */
  signal?: AbortSignal;
  /** Overrides the configured timeout for this call (seconds; 0 waits forever). */
  timeoutSeconds?: number;
  /** The Accept header (JSON unless said otherwise), e.g. the Arrow stream media type. */
  accept?: string;
  /**
   * A POST that only reads (chart data): prefetched answers stay, where any other write
   * discards them. It still carries the CSRF token.
   */
  readsOnly?: boolean;
}

/** A successful reply read as bytes (Arrow IPC and other non-JSON answers). */
export interface BinaryReply {
  body: ArrayBuffer;
  headers: Headers;
}

/** What one `call` takes besides the route's own parts. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the configured timeout for this call (seconds; 0 waits forever). */
  timeoutSeconds?: number;
  /** The Accept header of a binary call (the Arrow stream media type). */
  accept?: string;
}

/** A call's arguments: the route's path params, `q`, query and body, plus the call's options. */
export type CallArgs<R extends RouteSpec> = RouteArgs<R> & CallOptions;

/** The arguments are optional exactly when nothing in them is required. */
type CallRest<R extends RouteSpec> =
  Record<string, never> extends RouteArgs<R> ? [args?: CallArgs<R>] : [args: CallArgs<R>];

export interface ApiSettings {
  fetch: typeof fetch;
  /**
   * Check every answer of `call` against its route's schema: on in tests and development, so a
   * server (or a test's fake) that answers another shape fails loudly; off in production builds.
   */
  validateAnswers: boolean;
  /** Seconds before a call gives up: the bootstrap's SUPERSET_WEBSERVER_TIMEOUT. */
  timeoutSeconds: number;
  /** Called when an API call answers 401 (the session ended): the app sends the user to login. */
  onUnauthorized?: (path: string) => void;
}

export interface ApiClient {
  /** Calls a route described in `shared/api/routes`: the one typed way to reach the API. */
  call<R extends RouteSpec>(route: R, ...args: CallRest<R>): Promise<RouteAnswer<R>>;
  /** Calls a route whose successful answer is bytes (an export, an Arrow stream). */
  callBinary<R extends RouteSpec>(route: R, ...args: CallRest<R>): Promise<BinaryReply>;
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  /** GET whose successful answer is returned as bytes with its headers; failures as usual. */
  getBinary(path: string, options?: RequestOptions): Promise<BinaryReply>;
  /** POST whose successful answer is returned as bytes (a chart's CSV or XLSX export). */
  postBinary(path: string, body: unknown, options?: RequestOptions): Promise<BinaryReply>;
  configure(settings: Partial<ApiSettings>): void;
  /** Forgets the CSRF token; the next mutating call fetches a new one (after login or logout). */
  resetCsrfToken(): void;
  /** Fetches the CSRF token now, so a page's first POST (chart data) does not wait for it. */
  prefetchCsrfToken(): void;
  /**
   * Starts a GET of `path` now, before the page that reads it has loaded its code: that page's
   * own `get` of the same path then takes this answer instead of asking again (once, and only
   * within PREFETCH_LIFETIME_MS; any write in between discards it).
   */
  prefetch(path: string): void;
}

export const CSRF_TOKEN_PATH = '/api/v1/security/csrf_token/';
const MUTATING = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);
const DEFAULT_TIMEOUT_SECONDS = 60;
/** A prefetched answer older than this is not handed out: the page asks the server again. */
export const PREFETCH_LIFETIME_MS = 10_000;

interface Prefetched {
  answer: Promise<unknown>;
  startedAt: number;
}

interface RawReply {
  ok: boolean;
  status: number;
  contentType: string;
  text: string;
  /** Set instead of `text` for a successful binary read. */
  bytes?: ArrayBuffer;
  headers?: Headers;
}

export function buildUrl(path: string, options: Pick<RequestOptions, 'q' | 'query'> = {}): string {
  const params = new URLSearchParams();
  if (options.q !== undefined) params.set('q', rison.encode(options.q));
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The text to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ClientError) return error.info.error;
  if (error instanceof Error && error.message) return error.message;
  return FALLBACK_ERROR;
}

export function toClientErrorObject(error: unknown): ClientErrorObject {
  if (error instanceof ClientError) return error.info;
  return { error: errorMessage(error) };
}

/** The shared answer, given up by this caller alone when its own signal aborts. */
function followSignal<T>(answer: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return answer;
  const aborted = () =>
    isAbortError(signal.reason)
      ? signal.reason
      : new DOMException('The call was aborted', 'AbortError');
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

interface AnyCallArgs extends CallOptions {
  params?: unknown;
  q?: unknown;
  query?: unknown;
  body?: unknown;
}

/** The request a route and its arguments make: the filled path and the client's options. */
function routeRequest(
  route: RouteSpec,
  args: AnyCallArgs = {},
): { path: string; options: RequestOptions } {
  const path = routePath(route.path, (args.params ?? {}) as Record<string, unknown>);
  const options: RequestOptions = {
    q: args.q,
    query: args.query as RequestOptions['query'],
    body: args.body,
    signal: args.signal,
    timeoutSeconds: args.timeoutSeconds,
    accept: args.accept,
    readsOnly: route.readsOnly,
  };
  // Absent options stay absent: a prefetched answer is handed only to a plain call.
  for (const key of Object.keys(options) as Array<keyof RequestOptions>) {
    if (options[key] === undefined) delete options[key];
  }
  return { path, options };
}

function checkAnswer(route: RouteSpec, path: string, answer: unknown): void {
  const checked = route.answer.safeParse(answer);
  if (checked.success) return;
  const where = checked.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`)
    .join('; ');
  throw new ClientError({
    error: `The answer of ${route.method} ${path} does not match its schema (${where})`,
  });
}

export function createApiClient(initial: Partial<ApiSettings> = {}): ApiClient {
  const settings: ApiSettings = {
    fetch: (...args) => globalThis.fetch(...args),
    timeoutSeconds: DEFAULT_TIMEOUT_SECONDS,
    validateAnswers: import.meta.env?.DEV === true,
    ...initial,
  };
  let csrfToken: string | null = null;
  let csrfPending: Promise<string | null> | null = null;
  const prefetched = new Map<string, Prefetched>();

  /** The prefetched answer for a plain GET of `url`, removed so it is used once. */
  function takePrefetched(url: string, options: RequestOptions): Promise<unknown> | null {
    if (options.accept !== undefined || options.timeoutSeconds !== undefined) return null;
    const entry = prefetched.get(url);
    if (!entry) return null;
    prefetched.delete(url);
    if (Date.now() - entry.startedAt > PREFETCH_LIFETIME_MS) return null;
    return entry.answer;
  }

  async function attempt(
    method: HttpMethod,
    url: string,
    options: RequestOptions,
    token: string | null,
    binary = false,
  ): Promise<RawReply> {
    const timeoutSeconds = options.timeoutSeconds ?? settings.timeoutSeconds;
    const controller = new AbortController();
    let timedOut = false;
    const timer =
      timeoutSeconds > 0
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, timeoutSeconds * 1000)
        : undefined;
    const forwardAbort = () => controller.abort(options.signal?.reason);
    if (options.signal?.aborted) forwardAbort();
    options.signal?.addEventListener('abort', forwardAbort);

    const headers: Record<string, string> = { Accept: options.accept ?? 'application/json' };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers['X-CSRFToken'] = token;
    try {
      const response = await settings.fetch(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        credentials: 'same-origin',
        signal: controller.signal,
      });
      // Read inside the timeout too: a reply that stalls mid-body times out the same way.
      if (binary && response.ok) {
        return {
          ok: true,
          status: response.status,
          contentType: response.headers.get('content-type') ?? '',
          text: '',
          bytes: await response.arrayBuffer(),
          headers: response.headers,
        };
      }
      const text = await response.text();
      return {
        ok: response.ok,
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        text,
      };
    } catch (error) {
      if (timedOut) throw new ClientError(timeoutError(timeoutSeconds));
      if (options.signal?.aborted) {
        throw isAbortError(error) ? error : new DOMException('The call was aborted', 'AbortError');
      }
      throw new ClientError(networkError());
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', forwardAbort);
    }
  }

  async function loadCsrfToken(): Promise<string | null> {
    try {
      const reply = await attempt('GET', CSRF_TOKEN_PATH, {}, null);
      if (!reply.ok) return null;
      const body = JSON.parse(reply.text) as { result?: unknown };
      return typeof body.result === 'string' ? body.result : null;
    } catch {
      // Without a token the call still goes out; the server's refusal is then normalised.
      return null;
    }
  }

  async function currentCsrfToken(refresh: boolean): Promise<string | null> {
    if (refresh) csrfToken = null;
    if (csrfToken) return csrfToken;
    csrfPending ??= loadCsrfToken().finally(() => {
      csrfPending = null;
    });
    csrfToken = await csrfPending;
    return csrfToken;
  }

  async function request<T>(
    method: HttpMethod,
    path: string,
    options: RequestOptions = {},
  ): Promise<T> {
    const url = buildUrl(path, options);
    const mutating = MUTATING.has(method);
    // A write may change what a prefetched read answered.
    if (mutating && !options.readsOnly) prefetched.clear();
    // A token already held is used without a pause, so the call leaves in the caller's task
    // (a dashboard's filter sends its charts' batch before React renders the change).
    const token = mutating ? (csrfToken ?? (await currentCsrfToken(false))) : null;
    let reply = await attempt(method, url, options, token);
    let failure = reply.ok ? null : normaliseErrorReply(reply.status, reply.text);
    // A stale token (the session was renewed) deserves one fresh try before the user sees
    // "session timed out".
    if (failure && mutating && failure.error === SESSION_TIMED_OUT_MESSAGE) {
      reply = await attempt(method, url, options, await currentCsrfToken(true));
      failure = reply.ok ? null : normaliseErrorReply(reply.status, reply.text);
    }
    if (failure) {
      if (reply.status === 401) settings.onUnauthorized?.(path);
      throw new ClientError(failure);
    }
    if (reply.text === '') return undefined as T;
    if (reply.contentType.includes('json')) return JSON.parse(reply.text) as T;
    return reply.text as T;
  }

  function get<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const early = takePrefetched(buildUrl(path, options), options);
    if (early) return followSignal(early as Promise<T>, options.signal);
    return request<T>('GET', path, options);
  }

  async function getBinary(path: string, options: RequestOptions = {}): Promise<BinaryReply> {
    const reply = await attempt('GET', buildUrl(path, options), options, null, true);
    if (!reply.ok) {
      if (reply.status === 401) settings.onUnauthorized?.(path);
      throw new ClientError(normaliseErrorReply(reply.status, reply.text));
    }
    return { body: reply.bytes ?? new ArrayBuffer(0), headers: reply.headers ?? new Headers() };
  }

  async function postBinary(
    path: string,
    body: unknown,
    options: RequestOptions = {},
  ): Promise<BinaryReply> {
    const withBody = { ...options, body };
    const reply = await attempt(
      'POST',
      buildUrl(path, withBody),
      withBody,
      await currentCsrfToken(false),
      true,
    );
    if (!reply.ok) {
      if (reply.status === 401) settings.onUnauthorized?.(path);
      throw new ClientError(normaliseErrorReply(reply.status, reply.text));
    }
    return { body: reply.bytes ?? new ArrayBuffer(0), headers: reply.headers ?? new Headers() };
  }

  return {
    async call(route, ...[args]) {
      const { path, options } = routeRequest(route, args as AnyCallArgs | undefined);
      const answer =
        route.method === 'GET'
          ? await get<unknown>(path, options)
          : await request<unknown>(route.method, path, options);
      if (settings.validateAnswers) checkAnswer(route, path, answer);
      return answer as RouteAnswer<typeof route>;
    },
    callBinary(route, ...[args]) {
      const { path, options } = routeRequest(route, args as AnyCallArgs | undefined);
      if (route.method === 'GET') return getBinary(path, options);
      if (route.method === 'POST') return postBinary(path, options.body, options);
      throw new Error(`A binary call is a GET or a POST, not ${route.method} ${route.path}`);
    },
    request,
    get,
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
    getBinary,
    postBinary,
    configure(next) {
      Object.assign(settings, next);
    },
    resetCsrfToken() {
      csrfToken = null;
    },
    prefetchCsrfToken() {
      void currentCsrfToken(false);
    },
    prefetch(path) {
      const now = Date.now();
      for (const [url, entry] of prefetched) {
        if (now - entry.startedAt > PREFETCH_LIFETIME_MS) prefetched.delete(url);
      }
      const url = buildUrl(path);
      if (prefetched.has(url)) return;
      const answer = request('GET', path);
      // Nobody may ever read it: a failure is reported to the page that does, not as unhandled.
      answer.catch(() => undefined);
      prefetched.set(url, { answer, startedAt: now });
    },
  };
}

/** The app's client; configured once at start-up from the bootstrap (see App.tsx). */
export const api = createApiClient();
