/**
 * Our end of the embedded SDK's MessageChannel, speaking the message format of
 * @superset-ui/switchboard (its `switchboardAction` get / reply / emit / error messages), so
 * `@superset-ui/embedded-sdk` on the host talks to this page unchanged. A `get` from the host
 * calls a method defined here and answers with its result (or an error message); an `emit` calls
 * it and answers nothing; our own `get` waits for the host's reply with the same `messageId`.
 */

type Action = 'get' | 'reply' | 'emit' | 'error';

interface Message {
  switchboardAction: Action;
  method?: string;
  messageId?: string;
  args?: unknown;
  result?: unknown;
  error?: string;
}

// biome-ignore lint/suspicious/noExplicitAny: a method takes whatever the other side sends.
type Method = (args: any) => unknown;

export interface Port {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  start(): void;
}

function isMessage(data: unknown): data is Message {
  const action = (data as Message | null)?.switchboardAction;
  return action === 'get' || action === 'reply' || action === 'emit' || action === 'error';
}

export class PortSwitchboard {
  private readonly methods = new Map<string, Method>();
  private nextId = 1;

  constructor(
    private readonly port: Port,
    private readonly name = 'tessera-embedded',
  ) {
    port.addEventListener('message', (event) => {
      const message = event.data;
      if (!isMessage(message) || typeof message.method !== 'string') return;
      if (message.switchboardAction === 'get') {
        void this.answer(message.method, message.messageId, message.args);
      } else if (message.switchboardAction === 'emit') {
        try {
          void this.methods.get(message.method)?.(message.args);
        } catch {
          // An emit has no one to tell: the host sent and forgot.
        }
      }
    });
  }

  defineMethod(name: string, method: Method): void {
    this.methods.set(name, method);
  }

  /** Starts delivery: messages the host sent before this (its first token) arrive now. */
  start(): void {
    this.port.start();
  }

  /** Calls a method the host defined and resolves with its result. */
  get<T = unknown>(method: string, args?: unknown): Promise<T> {
    const messageId = `m_${this.name}_${this.nextId++}`;
    return new Promise<T>((resolve, reject) => {
      const listener = (event: MessageEvent) => {
        const message = event.data;
        if (!isMessage(message) || message.messageId !== messageId) return;
        this.port.removeEventListener('message', listener);
        if (message.switchboardAction === 'reply') resolve(message.result as T);
        else reject(new Error(message.error ?? 'Unexpected response message'));
      };
      this.port.addEventListener('message', listener);
      this.port.start();
      this.port.postMessage({ switchboardAction: 'get', method, messageId, args });
    });
  }

  emit(method: string, args?: unknown): void {
    this.port.postMessage({ switchboardAction: 'emit', method, args });
  }

  private async answer(method: string, messageId: string | undefined, args: unknown) {
    const run = this.methods.get(method);
    let reply: Message;
    if (!run) {
      reply = {
        switchboardAction: 'error',
        messageId,
        error: `[${this.name}] Method "${method}" is not defined`,
      };
    } else {
      try {
        reply = { switchboardAction: 'reply', messageId, result: await run(args) };
      } catch {
        reply = {
          switchboardAction: 'error',
          messageId,
          error: `[${this.name}] Method "${method}" threw an error`,
        };
      }
    }
    this.port.postMessage(reply);
  }
}
