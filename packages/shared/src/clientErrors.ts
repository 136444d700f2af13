import { ISSUE_CODES, type IssueCode } from './errors.ts';

/**
 * How the web client turns any failed reply into one message a person can read
 * (the spec's "Normalisation of a failed reply").
 */

export const HTTP_STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  402: 'Payment required',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  406: 'Not acceptable',
  407: 'Proxy authentication required',
  408: 'Request timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length required',
  412: 'Precondition failed',
  413: 'Payload too large',
  414: 'URI too long',
  415: 'Unsupported media type',
  416: 'Range not satisfiable',
  417: 'Expectation failed',
  418: "I'm a teapot",
  422: 'Unprocessable entity',
  429: 'Too many requests',
  500: 'Server error',
  501: 'Not implemented',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
  505: 'HTTP version not supported',
  511: 'Network authentication required',
  599: 'Network error',
};

export const SESSION_TIMED_OUT_MESSAGE =
  'Your session timed out, please refresh your page and try again.';
export const NETWORK_ERROR = 'Network error';
export const UNKNOWN_ERROR = 'Unknown error';
export const FALLBACK_ERROR = 'An error occurred';
export const REQUEST_TIMED_OUT = 'Request timed out';

export interface ClientErrorObject {
  error: string;
  description?: string;
  link?: string;
  status?: number;
  statusText?: string;
  stacktrace?: string;
  errors?: Array<{
    message: string;
    error_type: string;
    level: string;
    extra?: { issue_codes?: IssueCode[]; [key: string]: unknown } | null;
  }>;
  timeout?: number;
}

export function statusText(status: number): string {
  return HTTP_STATUS_TEXT[status] ?? UNKNOWN_ERROR;
}

function isCsrfFailure(text: string): boolean {
  return /csrf/i.test(text);
}

/** A network failure of `fetch` itself (no reply at all). */
export function networkError(): ClientErrorObject {
  return { error: NETWORK_ERROR, status: 599, statusText: NETWORK_ERROR };
}

/** A request that the client gave up on after `timeoutSeconds`. */
export function timeoutError(timeoutSeconds: number): ClientErrorObject {
  return {
    error: REQUEST_TIMED_OUT,
    timeout: timeoutSeconds,
    errors: [
      {
        message: REQUEST_TIMED_OUT,
        error_type: 'FRONTEND_TIMEOUT_ERROR',
        level: 'error',
        extra: {
          timeout: timeoutSeconds,
          issue_codes: [1000, 1001].map((code) => ({
            code,
            message: `Issue ${code} - ${ISSUE_CODES[code]}`,
          })),
        },
      },
    ],
  };
}

/**
 * Normalise a failed reply: its status and the body text as received.
 * Order of the rules: CSRF failure, structured `errors`, `message` (string or field object),
 * `error`, a stack, then the status text table, then the fallback.
 */
export function normaliseErrorReply(status: number, bodyText: string): ClientErrorObject {
  const base = { status, statusText: statusText(status) };
  if (isCsrfFailure(bodyText) && (status === 400 || status === 401 || status === 403)) {
    return { ...base, error: SESSION_TIMED_OUT_MESSAGE };
  }
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    body = undefined;
  }
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if (Array.isArray(record.errors) && record.errors.length > 0) {
      const first = record.errors[0] as Record<string, unknown>;
      const extra = (first.extra ?? {}) as Record<string, unknown>;
      return {
        ...base,
        error: String(first.message ?? FALLBACK_ERROR),
        description: typeof first.description === 'string' ? first.description : undefined,
        link: typeof extra.link === 'string' ? extra.link : undefined,
        errors: record.errors as ClientErrorObject['errors'],
      };
    }
    const message = record.message ?? record.error;
    if (typeof message === 'string' && message) {
      if (isCsrfFailure(message)) return { ...base, error: SESSION_TIMED_OUT_MESSAGE };
      return { ...base, error: message };
    }
    if (message && typeof message === 'object') {
      const entries = Object.entries(message as Record<string, unknown>);
      const firstValue = entries[0]?.[1];
      const first = Array.isArray(firstValue) ? firstValue[0] : firstValue;
      return {
        ...base,
        error: typeof first === 'string' && first ? first : 'Invalid input',
      };
    }
    if (typeof record.stack === 'string' || typeof record.stacktrace === 'string') {
      const stack = String(record.stack ?? record.stacktrace);
      return { ...base, error: `Unexpected error: ${stack}`, stacktrace: stack };
    }
  }
  if (status && HTTP_STATUS_TEXT[status]) return { ...base, error: HTTP_STATUS_TEXT[status] };
  if (status) return { ...base, error: UNKNOWN_ERROR };
  return { ...base, error: FALLBACK_ERROR };
}
