import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/** A frame as the scripted server receives it. */
export type Frame = Record<string, unknown> & {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
};

/**
 * A scripted verto exchange on loopback for the softphone's tests: it reads the client's frames in
 * order and sends whatever the test says, in FreeSWITCH's frame shapes.
 */
export class ScriptedExchange {
  readonly #frames: Frame[] = [];
  readonly #waiters = new Set<() => void>();
  #socket: WebSocket | null = null;
  #nextId = 100;

  private constructor(
    readonly server: WebSocketServer,
    readonly url: string,
  ) {
    server.on('connection', (socket) => {
      this.#socket = socket;
      socket.on('message', (data) => {
        this.#frames.push(JSON.parse(String(data)) as Frame);
        for (const wake of [...this.#waiters]) wake();
      });
    });
  }

  /** Listens on 127.0.0.1 and an ephemeral port. */
  static async start(): Promise<ScriptedExchange> {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await once(server, 'listening');
    return new ScriptedExchange(server, `ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }

  /** Takes the next client request of `method` (replies to our requests are skipped), waiting up to 3 s. */
  request(method: string, match: (frame: Frame) => boolean = () => true): Promise<Frame> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const index = this.#frames.findIndex((f) => f.method === method && match(f));
        if (index < 0) return false;
        clearTimeout(timer);
        this.#waiters.delete(wake);
        resolve(this.#frames.splice(index, 1)[0] as Frame);
        return true;
      };
      const wake = () => void check();
      const timer = setTimeout(() => {
        this.#waiters.delete(wake);
        reject(new Error(`no ${method} from the client`));
      }, 3000);
      if (!check()) this.#waiters.add(wake);
    });
  }

  /** Takes the client's reply to our request `id`. */
  reply(id: number): Promise<Frame> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const index = this.#frames.findIndex((f) => f.method === undefined && f.id === id);
        if (index < 0) return false;
        clearTimeout(timer);
        this.#waiters.delete(wake);
        resolve(this.#frames.splice(index, 1)[0] as Frame);
        return true;
      };
      const wake = () => void check();
      const timer = setTimeout(() => {
        this.#waiters.delete(wake);
        reject(new Error(`no reply to ${id}`));
      }, 3000);
      if (!check()) this.#waiters.add(wake);
    });
  }

  /** Requests the client has sent and nobody took yet, by method. */
  pending(method: string): Frame[] {
    return this.#frames.filter((f) => f.method === method);
  }

  /** Answers a client request with a result. */
  result(request: Frame, result: Record<string, unknown>): void {
    this.#send({ jsonrpc: '2.0', id: request.id, result });
  }

  /** Answers a client request with an error. */
  error(request: Frame, error: { code: number; message: string }): void {
    this.#send({ jsonrpc: '2.0', id: request.id, error });
  }

  /** Sends a server request; returns its id. */
  notify(method: string, params: Record<string, unknown>): number {
    const id = this.#nextId++;
    this.#send({ jsonrpc: '2.0', id, method, params });
    return id;
  }

  /** Accepts the next login as FreeSWITCH does (result, then verto.clientReady). */
  async acceptLogin(): Promise<Frame> {
    const login = await this.request('login');
    this.result(login, { message: 'logged in', sessid: login.params?.sessid });
    this.notify('verto.clientReady', { reattached_sessions: [] });
    return login;
  }

  /** Drops the client's socket. */
  drop(): void {
    this.#socket?.terminate();
  }

  async close(): Promise<void> {
    for (const socket of this.server.clients) socket.terminate();
    await new Promise((resolve) => this.server.close(resolve));
  }

  #send(frame: unknown): void {
    this.#socket?.send(JSON.stringify(frame));
  }
}
