import { WebSocket, type RawData } from 'ws';
import { heartbeatHeader, negotiateHeartbeat, type ServerHeartbeat } from './heart-beat';
import {
  createStompParser,
  serializeFrame,
  StompParseError,
  type StompFrame,
  type StompLimits,
} from './stomp-codec';

export type StompAction = 'subscribe' | 'send';

/** One SUBSCRIBE of one connection. */
export interface Subscription<P> {
  id: string;
  destination: string;
  /** The SUBSCRIBE's ack mode; delivery is fire-and-forget whatever it says. */
  ack: string;
  session: StompSession<P>;
}

/** What a session needs from its broker. */
export interface SessionHost<P> {
  authenticate(headers: Readonly<Record<string, string>>): Promise<P | null>;
  authorize(principal: P, destination: string, action: StompAction): boolean | Promise<boolean>;
  /** Resolves once the bus delivers the destination's messages to this subscription. */
  subscribe(subscription: Subscription<P>): Promise<void>;
  unsubscribe(subscription: Subscription<P>): void;
  publish(destination: string, body: string): Promise<void>;
  connected(session: StompSession<P>, principal: P): void;
  closed(session: StompSession<P>): void;
  onError(error: unknown): void;
  heartbeat: ServerHeartbeat;
  limits: SessionLimits;
}

export interface SessionLimits extends StompLimits {
  connectTimeoutMs: number;
  maxSubscriptions: number;
  /** A client this far behind in reading is cut off rather than buffered without end. */
  maxBufferedBytes: number;
}

/** The server side of one STOMP connection. */
export interface StompSession<P> {
  /** Set once CONNECT is authenticated. */
  readonly principal: P | undefined;
  /** Writes one serialized frame (or a heart-beat EOL) as a text message. */
  send(data: string | Buffer): void;
  /** Sends an ERROR frame, then closes: STOMP 1.2 requires the server to close after ERROR. */
  fail(message: string, detail?: string, frame?: StompFrame): void;
  /** Closes without a frame (server shutdown), cutting off a peer that does not answer within a second. */
  close(code: number): void;
}

// Silence longer than this many negotiated intervals means the client is gone.
const HEARTBEAT_TOLERANCE = 2;

const text = {
  connectFirst: '最初のフレームは CONNECT である必要があります',
  connectTimeout: 'CONNECT が届きませんでした',
  version: 'STOMP 1.2 に対応したクライアントで接続してください',
  authFailed: '認証に失敗しました',
  alreadyConnected: 'すでに接続しています',
  malformed: 'フレームの形式が正しくありません',
  missingHeader: (name: string) => `ヘッダー「${name}」がありません`,
  duplicateId: '同じ id の購読がすでにあります',
  tooManySubscriptions: '購読の数が上限を超えました',
  subscribeDenied: 'この宛先を購読する権限がありません',
  sendDenied: 'この宛先に送信する権限がありません',
  transactions: 'トランザクションには対応していません',
  unknownCommand: (command: string) => `未対応のコマンドです: ${command}`,
  serverError: 'サーバーでエラーが発生しました',
};

/** Serves STOMP 1.2 on one WebSocket until it closes. */
export function openStompSession<P>(socket: WebSocket, host: SessionHost<P>): StompSession<P> {
  const parser = createStompParser(host.limits);
  const subscriptions = new Map<string, Subscription<P>>();
  const timers: NodeJS.Timeout[] = [];
  const connectTimer = setTimeout(() => session.fail(text.connectTimeout), host.limits.connectTimeoutMs);
  let principal: P | undefined;
  let open = true;
  let lastReceivedAt = Date.now();
  // Frames are handled one after another even when a handler awaits (authentication, authorisation,
  // the bus), so that a SUBSCRIBE pipelined behind CONNECT never overtakes it.
  let queue = Promise.resolve();

  const session: StompSession<P> = {
    get principal() {
      return principal;
    },
    send(data) {
      if (socket.readyState !== WebSocket.OPEN) return;
      if (socket.bufferedAmount > host.limits.maxBufferedBytes) return socket.terminate();
      socket.send(data, { binary: false });
    },
    fail(message, detail, frame) {
      if (!open) return;
      session.send(
        serializeFrame({
          command: 'ERROR',
          headers: {
            message,
            'receipt-id': frame?.headers.receipt,
            'content-type': 'text/plain;charset=utf-8',
          },
          body: detail ?? message,
        }),
      );
      end(1000);
    },
    close(code) {
      end(code);
      if (socket.readyState !== WebSocket.CLOSED) timers.push(setTimeout(() => socket.terminate(), 1000));
    },
  };

  function end(code: number): void {
    if (!open) return;
    open = false;
    socket.close(code);
  }

  function enqueue(task: () => void | Promise<void>): void {
    queue = queue
      .then(() => (open ? task() : undefined))
      .catch((error: unknown) => {
        // A parse error found while handling a frame (a bad heart-beat header) is the client's fault.
        if (error instanceof StompParseError) return session.fail(text.malformed, error.message);
        host.onError(error);
        session.fail(text.serverError);
      });
  }

  function receipt(frame: StompFrame): void {
    const id = frame.headers.receipt;
    if (id !== undefined) session.send(serializeFrame({ command: 'RECEIPT', headers: { 'receipt-id': id } }));
  }

  function required(frame: StompFrame, name: string): string | undefined {
    const value = frame.headers[name];
    if (value === undefined || value === '') session.fail(text.missingHeader(name), undefined, frame);
    return value || undefined;
  }

  async function connect(frame: StompFrame): Promise<void> {
    const versions = (frame.headers['accept-version'] ?? '1.0').split(',').map((v) => v.trim());
    if (!versions.includes('1.2')) return session.fail(text.version, undefined, frame);
    const heartbeat = negotiateHeartbeat(frame.headers['heart-beat'], host.heartbeat);
    const who = await host.authenticate(frame.headers).catch((error: unknown) => {
      host.onError(error);
      return null;
    });
    if (!open) return;
    if (who === null || who === undefined) return session.fail(text.authFailed);
    principal = who;
    clearTimeout(connectTimer);
    session.send(
      serializeFrame({
        command: 'CONNECTED',
        headers: { version: '1.2', 'heart-beat': heartbeatHeader(heartbeat), server: 'tsunagu' },
      }),
    );
    if (heartbeat.outgoingMs > 0) timers.push(setInterval(() => session.send('\n'), heartbeat.outgoingMs));
    if (heartbeat.incomingMs > 0) {
      const silenceMs = heartbeat.incomingMs * HEARTBEAT_TOLERANCE;
      timers.push(
        setInterval(() => {
          // A silent peer may be gone entirely, so no close handshake is waited for.
          if (Date.now() - lastReceivedAt > silenceMs) socket.terminate();
        }, heartbeat.incomingMs),
      );
    }
    host.connected(session, who);
  }

  async function subscribe(frame: StompFrame, who: P): Promise<void> {
    // After a first missing header the session is closed and a second fail() does nothing.
    const id = required(frame, 'id');
    const destination = required(frame, 'destination');
    if (!id || !destination) return;
    if (subscriptions.has(id)) return session.fail(text.duplicateId, undefined, frame);
    if (subscriptions.size >= host.limits.maxSubscriptions)
      return session.fail(text.tooManySubscriptions, undefined, frame);
    if (!(await host.authorize(who, destination, 'subscribe')))
      return session.fail(text.subscribeDenied, destination, frame);
    if (!open) return;
    const subscription = { id, destination, ack: frame.headers.ack ?? 'auto', session };
    subscriptions.set(id, subscription);
    await host.subscribe(subscription);
    receipt(frame);
  }

  function unsubscribe(frame: StompFrame): void {
    const id = required(frame, 'id');
    if (!id) return;
    const subscription = subscriptions.get(id);
    if (subscription) {
      subscriptions.delete(id);
      host.unsubscribe(subscription);
    }
    receipt(frame);
  }

  async function publish(frame: StompFrame, who: P): Promise<void> {
    const destination = required(frame, 'destination');
    if (!destination) return;
    if (frame.headers.transaction !== undefined) return session.fail(text.transactions, undefined, frame);
    if (!(await host.authorize(who, destination, 'send')))
      return session.fail(text.sendDenied, destination, frame);
    if (!open) return;
    await host.publish(destination, frame.body.toString('utf8'));
    receipt(frame);
  }

  function handle(frame: StompFrame): void | Promise<void> {
    if (principal === undefined) {
      if (frame.command === 'CONNECT' || frame.command === 'STOMP') return connect(frame);
      return session.fail(text.connectFirst, undefined, frame);
    }
    switch (frame.command) {
      case 'SUBSCRIBE':
        return subscribe(frame, principal);
      case 'UNSUBSCRIBE':
        return unsubscribe(frame);
      case 'SEND':
        return publish(frame, principal);
      case 'ACK':
      case 'NACK':
        // Delivery is fire-and-forget: there is nothing to redeliver, so acknowledgements only get receipts.
        return receipt(frame);
      case 'DISCONNECT':
        receipt(frame);
        return end(1000);
      case 'BEGIN':
      case 'COMMIT':
      case 'ABORT':
        return session.fail(text.transactions, undefined, frame);
      case 'CONNECT':
      case 'STOMP':
        return session.fail(text.alreadyConnected, undefined, frame);
      default:
        return session.fail(text.unknownCommand(frame.command), undefined, frame);
    }
  }

  function onMessage(data: RawData): void {
    lastReceivedAt = Date.now();
    if (!open) return;
    const bytes = Array.isArray(data)
      ? Buffer.concat(data)
      : data instanceof ArrayBuffer
        ? Buffer.from(data)
        : data;
    try {
      for (const frame of parser.feed(bytes)) enqueue(() => handle(frame));
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      enqueue(() => session.fail(text.malformed, detail));
    }
  }

  function onClose(): void {
    open = false;
    clearTimeout(connectTimer);
    for (const timer of timers) clearInterval(timer);
    for (const subscription of subscriptions.values()) host.unsubscribe(subscription);
    subscriptions.clear();
    host.closed(session);
  }

  socket.on('message', onMessage);
  socket.on('close', onClose);
  // An 'error' is always followed by 'close', which does the cleanup; without a listener it would throw.
  socket.on('error', () => {});
  return session;
}
