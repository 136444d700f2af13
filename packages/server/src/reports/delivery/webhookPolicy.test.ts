import { describe, expect, it } from 'vitest';
import {
  isPrivateAddress,
  refusedWebhookUrl,
  resolveWebhook,
  serviceEndpoints,
  WEBHOOK_PRIVATE,
} from './webhookPolicy.ts';

const open = { allowedHosts: [], forbiddenEndpoints: [] };

describe('where a webhook may point', () => {
  it('knows private, loopback, link-local and mapped addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.8',
      '172.20.1.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fd00::2',
      '::ffff:127.0.0.1',
      '0.0.0.0',
      '100.64.0.1',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '2606:4700::6810:85e5', '8.8.8.8'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('refuses other schemes, local names and literal private addresses', () => {
    expect(refusedWebhookUrl('file:///etc/passwd', open)).toMatch(/http/);
    expect(refusedWebhookUrl('ftp://example.com/', open)).toMatch(/http/);
    expect(refusedWebhookUrl('http://localhost:8088/', open)).toBe(WEBHOOK_PRIVATE);
    expect(refusedWebhookUrl('http://admin.localhost/', open)).toBe(WEBHOOK_PRIVATE);
    expect(refusedWebhookUrl('http://2130706433/', open)).toBe(WEBHOOK_PRIVATE);
    expect(refusedWebhookUrl('http://[::ffff:7f00:1]/', open)).toBe(WEBHOOK_PRIVATE);
    expect(refusedWebhookUrl('https://hooks.example.com/x', open)).toBeNull();
  });

  it('lets an allowed host through, but never the metadata store or Redis', () => {
    const policy = {
      allowedHosts: ['127.0.0.1'],
      forbiddenEndpoints: serviceEndpoints([
        'postgresql://tessera@localhost/tessera',
        'redis://127.0.0.1:6379',
      ]),
    };
    expect(refusedWebhookUrl('http://127.0.0.1:9000/hook', policy)).toBeNull();
    expect(refusedWebhookUrl('http://127.0.0.1:5432/', policy)).toBe(WEBHOOK_PRIVATE);
    expect(refusedWebhookUrl('http://localhost:6379/', policy)).toBe(WEBHOOK_PRIVATE);
  });

  it('checks where a name resolves before sending', async () => {
    expect(await resolveWebhook('http://localhost/', open)).toEqual({ refused: WEBHOOK_PRIVATE });
    expect(await resolveWebhook('http://no-such-host.invalid/', open)).toEqual({
      refused: 'Cannot resolve the webhook host no-such-host.invalid',
    });
    expect(
      await resolveWebhook('http://127.0.0.1:9/', {
        allowedHosts: ['127.0.0.1'],
        forbiddenEndpoints: [],
      }),
    ).toEqual({ address: '127.0.0.1', family: 4 });
  });
});
