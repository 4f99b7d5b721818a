import { FrameImpl, Parser, type IFrame } from '@stomp/stompjs';

/** One client connection as the fake broker sees it. */
export interface FakeStompConnection {
  /** Headers of the CONNECT frame (login, passcode, heart-beat, …); null before it arrives. */
  connectHeaders: Record<string, string> | null;
  /** Subscription id → destination. */
  subscriptions: Map<string, string>;
  closed: boolean;
}

interface Transport {
  send(text: string): void;
  close(): void;
}

/**
 * Test support: the server side of STOMP 1.2 as far as the console uses it (CONNECT, SUBSCRIBE,
 * UNSUBSCRIBE, DISCONNECT, and MESSAGE to subscribers), behind any transport.
 */
export class FakeStompBroker {
  readonly connections: FakeStompConnection[] = [];
  /** When set, CONNECT is answered with an ERROR frame carrying this message. */
  refuseWith: string | null = null;
  /** What a new subscription to a destination receives first, as the server sends presence's whole list. */
  readonly firstMessages = new Map<string, () => string>();
  private readonly transports = new Map<FakeStompConnection, Transport>();
  private messageId = 0;

  /** Serves a new connection; returns what the transport calls with incoming data and on close. */
  accept(transport: Transport): { receive(data: string | ArrayBuffer): void; closed(): void } {
    const connection: FakeStompConnection = { connectHeaders: null, subscriptions: new Map(), closed: false };
    this.connections.push(connection);
    this.transports.set(connection, transport);
    const frame = (command: string, headers: Record<string, string>, body = '') =>
      transport.send(new FrameImpl({ command, headers, body }).serialize() as string);
    const parser = new Parser(
      (raw) => {
        const incoming: IFrame = FrameImpl.fromRawFrame(raw, false);
        const { headers } = incoming;
        switch (incoming.command) {
          case 'CONNECT':
          case 'STOMP':
            connection.connectHeaders = { ...headers };
            if (this.refuseWith !== null) {
              frame('ERROR', { message: this.refuseWith });
              this.drop(connection);
            } else frame('CONNECTED', { version: '1.2', 'heart-beat': '0,0' });
            break;
          case 'SUBSCRIBE': {
            const destination = headers.destination ?? '';
            connection.subscriptions.set(headers.id ?? '', destination);
            const first = this.firstMessages.get(destination);
            if (first) {
              const id = String(++this.messageId);
              frame('MESSAGE', { subscription: headers.id ?? '', destination, 'message-id': id }, first());
            }
            break;
          }
          case 'UNSUBSCRIBE':
            connection.subscriptions.delete(headers.id ?? '');
            break;
          case 'DISCONNECT':
            if (headers.receipt) frame('RECEIPT', { 'receipt-id': headers.receipt });
            this.drop(connection);
            break;
        }
      },
      () => undefined,
    );
    return {
      receive: (data) => parser.parseChunk(data),
      closed: () => {
        connection.closed = true;
        this.transports.delete(connection);
      },
    };
  }

  /** Sends a MESSAGE to every open subscription of the destination; returns how many got it. */
  publish(destination: string, body: string): number {
    let delivered = 0;
    for (const [connection, transport] of this.transports) {
      for (const [id, subscribed] of connection.subscriptions) {
        if (subscribed !== destination) continue;
        const headers = { subscription: id, destination, 'message-id': String(++this.messageId) };
        transport.send(new FrameImpl({ command: 'MESSAGE', headers, body }).serialize() as string);
        delivered++;
      }
    }
    return delivered;
  }

  /** Open connections (CONNECTED and not closed). */
  open(): FakeStompConnection[] {
    return this.connections.filter((c) => !c.closed && c.connectHeaders && this.transports.has(c));
  }

  /** True when an open connection subscribes to the destination. */
  isSubscribed(destination: string): boolean {
    return this.open().some((c) => [...c.subscriptions.values()].includes(destination));
  }

  /** Closes a connection from the server side (as a restart or a network failure would). */
  drop(connection: FakeStompConnection): void {
    const transport = this.transports.get(connection);
    connection.closed = true;
    this.transports.delete(connection);
    transport?.close();
  }

  /** Forgets every connection (between tests). */
  reset(): void {
    for (const connection of [...this.transports.keys()]) this.drop(connection);
    this.connections.length = 0;
    this.refuseWith = null;
    this.firstMessages.clear();
  }
}

/** The broker behind the fake WebSocket that web tests install (see test/setup.ts). */
export const fakeStomp = new FakeStompBroker();

/**
 * A browser WebSocket look-alike connected in memory to `fakeStomp`: what @stomp/stompjs needs
 * (open, message, close events, send, close, readyState).
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = FakeWebSocket.CONNECTING;
  binaryType = 'blob';
  protocol = '';
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number; reason: string; wasClean: boolean }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  private link: ReturnType<FakeStompBroker['accept']> | null = null;

  constructor(readonly url: string) {
    // Like a real socket, it opens on a later task.
    setTimeout(() => {
      if (this.readyState !== FakeWebSocket.CONNECTING) return;
      this.readyState = FakeWebSocket.OPEN;
      this.protocol = 'v12.stomp';
      this.link = fakeStomp.accept({
        // Delivered in order on later tasks; the close below is queued after what was sent before it.
        send: (text) => setTimeout(() => this.onmessage?.({ data: text })),
        close: () => this.finish(),
      });
      this.onopen?.({});
    });
  }

  send(data: string | ArrayBuffer): void {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('WebSocket is not open');
    this.link?.receive(data);
  }

  close(): void {
    this.finish();
  }

  private finish(): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.link?.closed();
    setTimeout(() => this.onclose?.({ code: 1000, reason: '', wasClean: true }));
  }
}
