import { Switchboard } from '@superset-ui/switchboard';
import { afterEach, describe, expect, it } from 'vitest';
import { isPortTransfer } from './earlyPort.ts';
import { GuestSession } from './guestSession.ts';
import { PortSwitchboard } from './switchboard.ts';

/**
 * Our switchboard against the one the embedded SDK runs on the host (@superset-ui/switchboard,
 * as published), over a real MessageChannel: calls both ways, emits, errors.
 */

const channels: MessageChannel[] = [];
function pair() {
  const channel = new MessageChannel();
  channels.push(channel);
  const host = new Switchboard({ port: channel.port1, name: 'superset-embedded-sdk' });
  const page = new PortSwitchboard(channel.port2);
  return { host, page };
}
afterEach(() => {
  for (const c of channels.splice(0)) {
    c.port1.close();
    c.port2.close();
  }
});

describe('PortSwitchboard with the SDK’s switchboard', () => {
  it('receives the token the host emits before the page started, then answers its gets', async () => {
    const { host, page } = pair();
    const tokens: string[] = [];
    // The SDK emits the first token as soon as it has the port, before the page listens.
    host.emit('guestToken', { guestToken: 'first' });
    page.defineMethod('guestToken', ({ guestToken }: { guestToken: string }) => {
      tokens.push(guestToken);
    });
    page.defineMethod('getScrollSize', () => ({ width: 800, height: 1200 }));
    page.defineMethod('getDashboardPermalink', async ({ anchor }: { anchor: string }) => {
      return `http://tessera/superset/dashboard/p/key/#${anchor}`;
    });
    page.start();
    host.start();
    expect(await host.get('getScrollSize')).toEqual({ width: 800, height: 1200 });
    expect(await host.get('getDashboardPermalink', { anchor: 'CHART-1' })).toBe(
      'http://tessera/superset/dashboard/p/key/#CHART-1',
    );
    host.emit('guestToken', { guestToken: 'second' });
    await host.get('getScrollSize');
    expect(tokens).toEqual(['first', 'second']);
  });

  it('answers an unknown or failing method with the errors the SDK reads', async () => {
    const { host, page } = pair();
    page.defineMethod('getDataMask', () => {
      throw new Error('boom');
    });
    page.start();
    await expect(host.get('getChartStates')).rejects.toThrow(
      '[tessera-embedded] Method "getChartStates" is not defined',
    );
    await expect(host.get('getDataMask')).rejects.toThrow(
      '[tessera-embedded] Method "getDataMask" threw an error',
    );
  });

  it('calls the host’s methods and hears their answers', async () => {
    const { host, page } = pair();
    host.defineMethod('resolvePermalinkUrl', async ({ key }: { key: string }) => `/app/p/${key}`);
    host.start();
    expect(await page.get('resolvePermalinkUrl', { key: 'abc' })).toBe('/app/p/abc');
    await expect(page.get('observeDataMask')).rejects.toThrow('is not defined');
  });
});

describe('GuestSession', () => {
  it('sends the current token in X-GuestToken, a new one as soon as it is set', async () => {
    const session = new GuestSession();
    const seen: Array<string | null> = [];
    const base = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Headers(init?.headers).get('X-GuestToken'));
      expect(init?.credentials).toBe('omit');
      return new Response('{}');
    }) as typeof fetch;
    const guestFetch = session.fetchWith(base);
    await guestFetch('/api/v1/dashboard/1', { headers: { Accept: 'application/json' } });
    expect(session.setToken('')).toBe(false);
    expect(session.setToken('t1')).toBe(true);
    await guestFetch('/api/v1/dashboard/1');
    session.setToken('t2');
    await guestFetch('/api/v1/dashboard/1');
    expect(seen).toEqual([null, 't1', 't2']);
  });

  it('takes a port only from the framing window, in the SDK’s handshake', () => {
    const parent = {};
    const { port1 } = new MessageChannel();
    const event = (source: unknown, data: unknown) =>
      ({ source, data, ports: [port1] }) as unknown as MessageEvent;
    const handshake = { type: '__embedded_comms__', handshake: 'port transfer' };
    expect(isPortTransfer(event(parent, handshake), parent)).toBe(port1);
    expect(isPortTransfer(event({}, handshake), parent)).toBeNull();
    expect(isPortTransfer(event(parent, { ...handshake, type: 'other' }), parent)).toBeNull();
    expect(isPortTransfer(event(parent, 'port transfer'), parent)).toBeNull();
    port1.close();
  });
});
