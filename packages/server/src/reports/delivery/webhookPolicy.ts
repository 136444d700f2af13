import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may point. A report's owner chooses the URL and Tessera's server sends to it,
 * so a URL is a request made from inside the network: only http(s), never to this machine, a
 * private or link-local network (the cloud metadata address 169.254.169.254), or the hosts of
 * the metadata store and Redis, unless the host is on the operator's allow list. The check is
 * made on the name when the report is saved and on every address it resolves to when it is
 * sent, and the request then goes to the address that was checked (no second lookup a
 * rebinding name could change); redirects are not followed.
 */

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

export const WEBHOOK_PRIVATE =
  'A webhook may not point at this server, a private or link-local network, or the metadata store';

export interface WebhookPolicy {
  /** Host names or addresses allowed even though private (an intranet receiver, tests). */
  allowedHosts: string[];
  /** `host:port` of the metadata store and Redis: never a webhook target, even when allowed. */
  forbiddenEndpoints: string[];
}

const DEFAULT_PORTS: Record<string, string> = {
  'http:': '80',
  'https:': '443',
  'postgres:': '5432',
  'postgresql:': '5432',
  'redis:': '6379',
  'rediss:': '6379',
  'mysql:': '3306',
};

/** `host:port` of a URL, its scheme's default port when none is written. */
function endpointOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    return `${host}:${parsed.port || DEFAULT_PORTS[parsed.protocol] || ''}`;
  } catch {
    return null;
  }
}

/** The endpoints of the metadata store and Redis URLs, which no webhook may name. */
export function serviceEndpoints(urls: Array<string | null>): string[] {
  return urls.flatMap((u) => {
    const endpoint = u ? endpointOf(u) : null;
    if (!endpoint) return [];
    // `localhost` and the loopback address are the same service.
    const [host, port] = endpoint.split(/:(?=[^:]*$)/) as [string, string];
    const loopback = ['localhost', '127.0.0.1', '::1'];
    return loopback.includes(host) ? loopback.map((h) => `${h}:${port}`) : [endpoint];
  });
}

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped?.[1] ?? address;
  const family = isIP(ip);
  if (family === 0) return true;
  return blocked.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

function isLocalName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local');
}

/** Why a URL is refused on its face (scheme, a literal private address, a local name), or null. */
export function refusedWebhookUrl(url: string, policy: WebhookPolicy): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Not a valid URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return 'A webhook URL must start with http:// or https://';
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (policy.forbiddenEndpoints.includes(endpointOf(url) ?? '')) return WEBHOOK_PRIVATE;
  if (policy.allowedHosts.includes(host)) return null;
  if (isLocalName(host)) return WEBHOOK_PRIVATE;
  if (isIP(host) !== 0 && isPrivateAddress(host)) return WEBHOOK_PRIVATE;
  return null;
}

/**
 * The address to connect to for a webhook URL, resolved and checked, or a refusal: every address
 * the name resolves to must be public unless the host is allowed.
 */
export async function resolveWebhook(
  url: string,
  policy: WebhookPolicy,
): Promise<{ address: string; family: number } | { refused: string }> {
  const why = refusedWebhookUrl(url, policy);
  if (why) return { refused: why };
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    return { refused: `Cannot resolve the webhook host ${host}` };
  }
  const first = addresses[0];
  if (!first) return { refused: `Cannot resolve the webhook host ${host}` };
  const port = (endpointOf(url) ?? '').split(/:(?=[^:]*$)/)[1];
  if (addresses.some((a) => policy.forbiddenEndpoints.includes(`${a.address}:${port}`)))
    return { refused: WEBHOOK_PRIVATE };
  if (!policy.allowedHosts.includes(host) && addresses.some((a) => isPrivateAddress(a.address)))
    return { refused: WEBHOOK_PRIVATE };
  return first;
}
