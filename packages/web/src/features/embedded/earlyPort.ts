/**
 * The SDK hands its MessageChannel port over as soon as the iframe has loaded, which is before
 * the embedded page's lazily loaded code runs: the router starts listening while the app's first
 * script runs, and the page takes the port from here. Kept free of imports, since it is part of
 * every page's first script.
 */

/** The message the SDK posts to hand over its port (`IFRAME_COMMS_MESSAGE_TYPE`). */
export const EMBEDDED_COMMS_MESSAGE_TYPE = '__embedded_comms__';
export const PORT_TRANSFER_HANDSHAKE = 'port transfer';

export function isPortTransfer(event: MessageEvent, parent: unknown): MessagePort | null {
  // Only the window framing the page may hand it a port: another window could feed it tokens.
  if (event.source !== parent) return null;
  const data = event.data as { type?: unknown; handshake?: unknown } | null;
  if (data?.type !== EMBEDDED_COMMS_MESSAGE_TYPE || data.handshake !== PORT_TRANSFER_HANDSHAKE) {
    return null;
  }
  return event.ports[0] ?? null;
}

let received: ((port: MessagePort) => void) | null = null;
const port = new Promise<MessagePort>((resolve) => {
  received = resolve;
});
let listening = false;

export function listenForEmbeddedPort(): void {
  if (listening) return;
  listening = true;
  const onMessage = (event: MessageEvent) => {
    const transferred = isPortTransfer(event, globalThis.parent);
    if (!transferred) return;
    globalThis.removeEventListener('message', onMessage);
    received?.(transferred);
  };
  globalThis.addEventListener('message', onMessage);
}

/** The host's port, once it has sent it. */
export function embeddedPort(): Promise<MessagePort> {
  listenForEmbeddedPort();
  return port;
}
