import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { connect, type Socket } from 'node:net';
import {
  EslDecoder,
  serializeEslCommand,
  type EslCommand,
  type EslEvent,
  type EslMessage,
} from './esl-codec';

/** Why a command failed. */
export type EslErrorCode = 'not-connected' | 'connection-lost' | 'rejected' | 'timeout' | 'auth-failed';

/** A failed Event Socket command or connection; `reply` holds FreeSWITCH's own words when it answered. */
export class EslError extends Error {
  override name = 'EslError';
  constructor(
    readonly code: EslErrorCode,
    message: string,
    readonly reply?: string,
  ) {
    super(message);
  }
}

export interface EslClientOptions {
  host: string;
  port: number;
  password: string;
  /** Event names to subscribe to as JSON. */
  events: readonly string[];
  /** CUSTOM event subclasses to subscribe to. */
  subclasses?: readonly string[];
  /** Reconnect delays: initial × factor^attempt, capped at max. */
  reconnect?: { initialDelayMs?: number; maxDelayMs?: number; factor?: number };
  /** How long a command may wait for its reply. */
  commandTimeoutMs?: number;
  /** How long a bgapi job may take, reply and BACKGROUND_JOB together. */
  jobTimeoutMs?: number;
}

export interface EslClientEvents {
  /** First successful login and subscription. */
  connected: [];
  /** Logged in again after a connection loss: events were missed, so resynchronise. */
  reconnected: [];
  /** The connection closed or could not be opened; the client retries unless stopped. */
  disconnected: [reason: Error];
  /** A FreeSWITCH event (every subscribed one, BACKGROUND_JOB included). */
  event: [event: EslEvent];
}

type Reply = Extract<EslMessage, { type: 'command/reply' | 'api/response' }>;
type Settle = (result: Reply | EslError) => void;
type Job = (result: string | EslError) => void;

const replyError = (text: string) =>
  new EslError('rejected', `FreeSWITCH がコマンドを拒否しました: ${text}`, text);
const notConnected = () => new EslError('not-connected', 'FreeSWITCH に接続していません');
const failureOf = (body: string) => /^-(ERR|USAGE)/.test(body);

/**
 * Inbound Event Socket client: logs in, subscribes to events as JSON, runs commands and keeps the
 * connection up, reconnecting with capped exponential back-off.
 *
 * FreeSWITCH answers commands strictly in the order they were sent, so replies are matched to a
 * FIFO of waiting commands. Every failure ends as a rejected promise or a 'disconnected' event;
 * nothing here throws into the socket callbacks.
 */
export class EslClient extends EventEmitter<EslClientEvents> {
  private socket: Socket | null = null;
  private ready = false;
  private stopped = true;
  private everConnected = false;
  private attempt = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private waiting: Settle[] = [];
  private jobs = new Map<string, Job>();

  constructor(private readonly options: EslClientOptions) {
    super();
  }

  /** True once logged in and subscribed, until the connection drops. */
  get isReady(): boolean {
    return this.ready;
  }

  /** Starts connecting; keeps the connection up until stop(). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.open();
  }

  /** Closes the connection for good, rejecting whatever is still waiting. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const socket = this.socket;
    if (!socket) return;
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.destroy();
    });
  }

  /** Runs `api <command>` and resolves with its body; a body starting -ERR or -USAGE rejects. */
  async api(command: string): Promise<string> {
    const reply = await this.command({ type: 'api', command });
    const body = reply.type === 'api/response' ? reply.body : reply.replyText;
    if (failureOf(body)) throw replyError(body.trim());
    return body;
  }

  /**
   * Runs `bgapi <command>` and resolves with the result carried by the matching BACKGROUND_JOB
   * event (e.g. '+OK <uuid>\n' for originate); a -ERR result rejects.
   */
  bgapi(command: string): Promise<string> {
    if (!this.ready) return Promise.reject(notConnected());
    // Choosing the Job-UUID ourselves lets the job be registered before the command is written,
    // so a BACKGROUND_JOB arriving in the same read as the reply can never be missed.
    let jobUuid: string = randomUUID();
    return new Promise<string>((resolve, reject) => {
      let done = false;
      const finish: Job = (result) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        this.jobs.delete(jobUuid);
        if (result instanceof EslError) reject(result);
        else if (failureOf(result)) reject(replyError(result.trim()));
        else resolve(result);
      };
      const timer = setTimeout(
        () => finish(new EslError('timeout', `bgapi の結果が時間内に届きませんでした: ${command}`)),
        this.options.jobTimeoutMs ?? 120_000,
      );
      this.jobs.set(jobUuid, finish);
      this.enqueue({ type: 'bgapi', command, jobUuid }, (reply) => {
        if (reply instanceof EslError) return finish(reply);
        if (reply.type !== 'command/reply' || !reply.ok) {
          return finish(replyError(reply.type === 'command/reply' ? reply.replyText : reply.body));
        }
        // Runs synchronously while the reply frame is handled, before any later frame: should a
        // FreeSWITCH ignore the requested Job-UUID, the job is re-keyed in time for its event.
        const echoed = reply.headers['Job-UUID'];
        if (echoed && echoed !== jobUuid) {
          this.jobs.delete(jobUuid);
          jobUuid = echoed;
          this.jobs.set(jobUuid, finish);
        }
      });
    });
  }

  /** Sends any command once logged in; resolves with its reply frame, rejects on a -ERR reply. */
  command(command: EslCommand): Promise<Reply> {
    if (!this.ready) return Promise.reject(notConnected());
    return new Promise<Reply>((resolve, reject) => {
      let done = false;
      const timer = setTimeout(() => {
        done = true;
        reject(new EslError('timeout', 'FreeSWITCH から時間内に応答がありませんでした'));
      }, this.options.commandTimeoutMs ?? 15_000);
      // A timed-out command stays in the queue: its reply will still come and must be consumed
      // so that later replies keep matching their commands.
      this.enqueue(command, (reply) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        if (reply instanceof EslError) reject(reply);
        else if (reply.type === 'command/reply' && !reply.ok) reject(replyError(reply.replyText));
        else resolve(reply);
      });
    });
  }

  private enqueue(command: EslCommand, settle: Settle): void {
    const socket = this.socket;
    if (!socket) return settle(notConnected());
    let bytes: string;
    try {
      bytes = serializeEslCommand(command);
    } catch (err) {
      return settle(new EslError('rejected', (err as Error).message));
    }
    this.waiting.push(settle);
    socket.write(bytes);
  }

  private open(): void {
    const socket = connect({ host: this.options.host, port: this.options.port });
    const decoder = new EslDecoder();
    let failure: Error | null = null;
    this.socket = socket;
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 30_000);
    socket.on('data', (chunk) => {
      let messages: EslMessage[];
      try {
        messages = decoder.push(chunk);
      } catch (err) {
        // The stream can no longer be split into frames: start afresh on a new connection.
        failure = err as Error;
        socket.destroy();
        return;
      }
      for (const message of messages) {
        // Frames behind one that ended the connection (a login refused, a notice) change nothing.
        if (this.socket !== socket || socket.destroyed) return;
        this.handle(socket, message, (err) => (failure ??= err));
      }
    });
    socket.on('error', (err) => (failure ??= err));
    socket.on('close', () => this.closed(socket, failure));
  }

  private handle(socket: Socket, message: EslMessage, fail: (err: Error) => void): void {
    switch (message.type) {
      case 'auth/request':
        return this.login(socket, fail);
      case 'command/reply':
      case 'api/response':
        return this.waiting.shift()?.(message);
      case 'event':
        return this.dispatch(message.event);
      case 'disconnect-notice':
      case 'rude-rejection':
        // FreeSWITCH closes right after; stop accepting commands now rather than at the close.
        this.ready = false;
        fail(new EslError('connection-lost', `FreeSWITCH が接続を閉じました: ${message.body.trim()}`));
        socket.end();
        return;
      default:
        return;
    }
  }

  private login(socket: Socket, fail: (err: Error) => void): void {
    const step = (command: EslCommand, next: () => void) =>
      this.enqueue(command, (reply) => {
        if (this.socket !== socket) return;
        if (reply instanceof EslError) return;
        if (reply.type === 'command/reply' && reply.ok) return next();
        const text = reply.type === 'command/reply' ? reply.replyText : reply.body;
        const code = command.type === 'auth' ? 'auth-failed' : 'rejected';
        fail(new EslError(code, `FreeSWITCH へのログインに失敗しました: ${text}`, text));
        socket.destroy();
      });
    const { password, events, subclasses } = this.options;
    step({ type: 'auth', password }, () =>
      step({ type: 'event', format: 'json', events, subclasses: subclasses ?? [] }, () => {
        this.ready = true;
        this.attempt = 0;
        const first = !this.everConnected;
        this.everConnected = true;
        this.notify(first ? 'connected' : 'reconnected');
      }),
    );
  }

  private dispatch(event: EslEvent): void {
    if (event['Event-Name'] === 'BACKGROUND_JOB') {
      const job = this.jobs.get(event['Job-UUID'] ?? '');
      job?.(event._body ?? '');
    }
    this.notify('event', event);
  }

  private closed(socket: Socket, failure: Error | null): void {
    if (this.socket !== socket) return;
    this.socket = null;
    this.ready = false;
    const reason = failure ?? new EslError('connection-lost', 'FreeSWITCH との接続が切れました');
    const lost = new EslError('connection-lost', `FreeSWITCH との接続が切れました: ${reason.message}`);
    const waiting = this.waiting;
    const jobs = [...this.jobs.values()];
    this.waiting = [];
    this.jobs.clear();
    for (const settle of waiting) settle(lost);
    for (const job of jobs) job(lost);
    this.notify('disconnected', reason);
    if (!this.stopped) this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const { initialDelayMs = 500, maxDelayMs = 30_000, factor = 2 } = this.options.reconnect ?? {};
    const delay = Math.min(maxDelayMs, initialDelayMs * factor ** this.attempt);
    this.attempt++;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped) this.open();
    }, delay);
    this.reconnectTimer.unref();
  }

  // A subscriber that throws must not break the protocol stream or crash the process.
  private notify<K extends keyof EslClientEvents>(name: K, ...args: EslClientEvents[K]): void {
    try {
      (this as EventEmitter).emit(name, ...args);
    } catch (err) {
      process.emitWarning(err as Error);
    }
  }
}
