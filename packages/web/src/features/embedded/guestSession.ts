import { GUEST_TOKEN_HEADER_NAME } from '@tessera/shared/api/embedded';

/**
 * The guest token of the embedded page: set by the host over the switchboard (first when the
 * page starts, then each time the SDK refreshes it before it expires) and sent with every API
 * call of the page in `X-GuestToken`. Swapping it needs no reload: the next call takes the new one.
 */

export class GuestSession {
  private token: string | null = null;

  setToken(token: unknown): boolean {
    if (typeof token !== 'string' || token.trim() === '') return false;
    this.token = token;
    return true;
  }

  get current(): string | null {
    return this.token;
  }

  /** `fetch` with the current token on every call (none until the host sent one). */
  fetchWith(base: typeof fetch): typeof fetch {
    return (input, init = {}) => {
      const headers = new Headers(init.headers);
      if (this.token) headers.set(GUEST_TOKEN_HEADER_NAME, this.token);
      // A guest is no session user: a Tessera cookie the browser may hold must not speak too.
      return base(input, { ...init, headers, credentials: 'omit' });
    };
  }
}
