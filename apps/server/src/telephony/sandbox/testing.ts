/**
 * For the sandbox's tests: the engine on a factory-built office (testing/recorded-office.ts) behind a real WebSocket server on loopback,
 * scripted verto phones speaking to it, and a recorder of the engine's events.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { WebSocket, WebSocketServer } from 'ws';
import { createAuthenticator } from '../../platform/auth/authenticate';
import { createSessionCache } from '../../platform/auth/session-cache';
import { createTokenSigner } from '../../platform/auth/tokens';
import { createSecretBox } from '../../platform/crypto/secrets';
import { domains, extensions } from '../../platform/db/schema';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { buildRecordedOffice, type RecordedOffice } from '../../testing/recorded-office';
import { RECORDED_DOMAIN } from '../../testing/recorded-tenant';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { EngineEvents } from '../engine';
import { createSandboxEngine, type SandboxEngine, type SandboxEngineOptions } from './sandbox-engine';
import type { Schedule } from './timers';

/** Monday 5 January 2026, 10:00 in Tokyo: the schedule 通常営業 sends calls to the IVR. */
export const MONDAY_10 = Date.parse('2026-01-05T01:00:00Z');
/** Sunday 4 January 2026, 10:00 in Tokyo: closed, the schedule announces. */
export const SUNDAY_10 = Date.parse('2026-01-04T01:00:00Z');
/** Sandbox timers run this many times faster than real time in tests. */
export const SPEED = 20;

type Json = Record<string, unknown>;

/** A FIFO of values with a waiting `take` that fails after a while, so a test never hangs. */
function createInbox<T>() {
  const items: T[] = [];
  const waiters = new Set<() => void>();
  return {
    push(item: T) {
      items.push(item);
      for (const wake of [...waiters]) wake();
    },
    /** Removes and returns the first item matching, waiting for one up to `ms`. */
    take(match: (item: T) => boolean, what: string, ms = 4000): Promise<T> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const index = items.findIndex(match);
          if (index < 0) return false;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(items.splice(index, 1)[0] as T);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no ${what} within ${ms} ms`));
        }, ms);
        if (!check()) waiters.add(wake);
      });
    },
    all: () => items,
    clear: () => void items.splice(0),
  };
}

/** The server's requests a phone received, and what it replied to each. */
export interface ServerRequest {
  id: number;
  method: string;
  params: Json;
}

/**
 * A verto client driven by a test: it acks every request naming a call (as verto.js does),
 * answers sandbox.offer with `offers` and verto.attach with a client verto.attach carrying `attachAnswer`.
 */
export class ScriptedPhone {
  readonly requests = createInbox<ServerRequest>();
  /** Every frame the exchange sent this phone, requests and replies, in arrival order. */
  readonly received: Json[] = [];
  readonly #replies = new Map<number, (frame: Json) => void>();
  #nextId = 1;
  /** What this phone answers sandbox.offer with; null refuses it (-32002). */
  offers: ((callID: string) => string) | null = (callID) => `v=0 fresh offer ${callID}`;
  /** What this phone answers a sandbox verto.attach with; null leaves it unanswered. */
  attachAnswer: ((params: Json) => string) | null = (params) => `v=0 attach answer ${String(params.callID)}`;
  readonly closed: Promise<unknown>;

  private constructor(
    readonly socket: WebSocket,
    readonly login: string,
    readonly sessid: string,
  ) {
    this.closed = once(socket, 'close');
    socket.on('message', (data) => this.#receive(JSON.parse(String(data)) as Json));
  }

  /** Opens a socket to `url` (not logged in yet). */
  static async open(url: string, login = '', sessid: string = randomUUID()): Promise<ScriptedPhone> {
    const socket = new WebSocket(url);
    await once(socket, 'open');
    return new ScriptedPhone(socket, login, sessid);
  }

  /** Sends raw text or a frame; for malformed-input tests. */
  sendRaw(data: string | Buffer): void {
    this.socket.send(data);
  }

  /** Sends a request and resolves with the whole reply frame. */
  call(method: string, params: Json): Promise<Json> {
    const id = this.#nextId++;
    return this.#send({ jsonrpc: '2.0', method, params, id }, id);
  }

  /** Logs in; resolves with the reply (result or error). */
  loginWith(passwd: string, login = this.login): Promise<Json> {
    return this.call('login', { login, passwd, loginParams: {}, userVariables: {}, sessid: this.sessid });
  }

  /** Dials: returns the callID once the call is created. */
  async dial(destination: string, sdp = `v=0 offer from ${this.login} to ${destination}`): Promise<string> {
    const callID = randomUUID();
    const reply = await this.call('verto.invite', {
      sdp,
      dialogParams: {
        callID,
        destination_number: destination,
        caller_id_name: 'ignored',
        caller_id_number: '0',
      },
      sessid: this.sessid,
    });
    if (!reply.result) throw new Error(`invite refused: ${JSON.stringify(reply)}`);
    return callID;
  }

  /** Waits for the next server request of `method` (optionally about `callID`). */
  next(method: string, callID?: string, ms?: number): Promise<ServerRequest> {
    return this.requests.take(
      (r) => r.method === method && (callID === undefined || r.params.callID === callID),
      `${method} at ${this.login}`,
      ms,
    );
  }

  /** Waits for a verto.event on the sandbox.audio channel and returns its data. */
  async audio(callID?: string): Promise<Json> {
    const event = await this.requests.take(
      (r) =>
        r.method === 'verto.event' &&
        r.params.eventChannel === 'sandbox.audio' &&
        (callID === undefined || (r.params.data as Json).callID === callID),
      `sandbox.audio at ${this.login}`,
    );
    return event.params.data as Json;
  }

  answer(callID: string, sdp: string): Promise<Json> {
    return this.call('verto.answer', { dialogParams: { callID }, sdp, sessid: this.sessid });
  }

  bye(callID: string, cause = 'NORMAL_CLEARING'): Promise<Json> {
    return this.call('verto.bye', { dialogParams: { callID }, sessid: this.sessid, cause });
  }

  modify(callID: string, action: string, destination?: string): Promise<Json> {
    const extra = destination === undefined ? {} : { destination };
    return this.call('verto.modify', { action, dialogParams: { callID }, ...extra, sessid: this.sessid });
  }

  dtmf(callID: string, digits: string): Promise<Json> {
    return this.call('verto.info', { dialogParams: { callID }, dtmf: digits, sessid: this.sessid });
  }

  close(): void {
    this.socket.close();
  }

  #send(frame: Json, id: number): Promise<Json> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no reply to ${String(frame.method)}`)), 4000);
      this.#replies.set(id, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
      this.socket.send(JSON.stringify(frame));
    });
  }

  #receive(frame: Json): void {
    this.received.push(frame);
    if (typeof frame.method !== 'string') {
      const settle = typeof frame.id === 'number' ? this.#replies.get(frame.id) : undefined;
      if (settle) {
        this.#replies.delete(frame.id as number);
        settle(frame);
      }
      return;
    }
    const request = { id: frame.id as number, method: frame.method, params: frame.params as Json };
    const reply = (body: Json) =>
      this.socket.send(JSON.stringify({ jsonrpc: '2.0', id: request.id, ...body }));
    if (request.method === 'sandbox.offer') {
      const callID = String(request.params.callID);
      reply(
        this.offers
          ? { result: { method: 'sandbox.offer', sdp: this.offers(callID) } }
          : { error: { code: -32002, message: 'CALL ERROR', callID } },
      );
    } else if (typeof request.params.callID === 'string') {
      reply({ result: { method: request.method } });
    }
    if (request.method === 'verto.attach' && this.attachAnswer) {
      const sdp = this.attachAnswer(request.params);
      void this.call('verto.attach', {
        dialogParams: { callID: request.params.callID },
        sdp,
        sessid: this.sessid,
      });
    }
    this.requests.push(request);
  }
}

/** Every engine event, in order, with a waiting `take`. */
export function recordEvents(engine: SandboxEngine) {
  const inbox =
    createInbox<{ [K in keyof EngineEvents]: { type: K; event: EngineEvents[K] } }[keyof EngineEvents]>();
  const types: (keyof EngineEvents)[] = ['registration', 'callState', 'park', 'ring', 'cdr'];
  for (const type of types) engine.on(type, (event) => inbox.push({ type, event } as never));
  return {
    /** Waits for the next event of `type` that matches. */
    take<K extends keyof EngineEvents>(type: K, match: (event: EngineEvents[K]) => boolean = () => true) {
      return inbox
        .take((item) => item.type === type && match(item.event as EngineEvents[K]), `${type} event`)
        .then((item) => item.event as EngineEvents[K]);
    },
    /** Forgets every event so far (a test then sees only what it causes). */
    clear: () => inbox.clear(),
    /** Every event of `type` so far. */
    all<K extends keyof EngineEvents>(type: K): EngineEvents[K][] {
      return inbox
        .all()
        .filter((item) => item.type === type)
        .map((item) => item.event as EngineEvents[K]);
    },
  };
}

/** Timers `SPEED` times faster than the real clock. */
const fastSchedule: Schedule = (callback, ms) => {
  const timer = setTimeout(callback, ms / SPEED);
  return () => clearTimeout(timer);
};

export interface SandboxKit {
  t: TestApp;
  engine: SandboxEngine;
  url: string;
  events: ReturnType<typeof recordEvents>;
  /** The rows the sandbox runs on: the office (RECORDED_DOMAIN), a second tenant and a provider. */
  office: RecordedOffice;
  /** The office's tenant uuid. */
  tenantUuid: string;
  /** Signs a console user in; resolves with the session token (what a caller page logs in with). */
  consoleToken(user: { username: string }): Promise<string>;
  /** The verto password of an extension (the office's unless `domainName` names another tenant). */
  password(extension: string, domainName?: string): Promise<string>;
  /** A phone logged in as `extension@domain`. */
  phone(extension: string, domainName?: string): Promise<ScriptedPhone>;
  /** Sets the instant the sandbox's clock shows (it then runs on from there). */
  setClock(instant: number): void;
  close(): Promise<void>;
}

/** The office built by the factories, the sandbox on it and a WebSocket server calling acceptVerto, on 127.0.0.1. */
export async function startSandbox(options: Partial<SandboxEngineOptions> = {}): Promise<SandboxKit> {
  const t = await createTestApp();
  const office = await buildRecordedOffice(t);
  const secrets = createSecretBox(t.config.secretKey);
  const authenticate = createAuthenticator(
    createTokenSigner(t.config.jwtSecret),
    createSessionCache(t.database.db),
  );
  let base = MONDAY_10;
  let since = Date.now();
  const engine = createSandboxEngine({
    db: t.database.db,
    secrets,
    schedule: fastSchedule,
    now: () => new Date(base + (Date.now() - since)),
    // What the lead wires: the server's own session check, its failures read as "no one".
    authenticateToken: (token) => authenticate(`Bearer ${token}`).catch(() => null),
    onError: (error) => {
      throw error;
    },
    ...options,
  });
  const server = createServer();
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request, socket, head) => {
    if (request.url !== '/verto') return socket.destroy();
    wss.handleUpgrade(request, socket, head, (ws) =>
      engine.acceptVerto(ws, request.socket.remoteAddress ?? ''),
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/verto`;
  const phones: ScriptedPhone[] = [];

  async function password(extension: string, domainName = RECORDED_DOMAIN): Promise<string> {
    const [row] = await t.database.db
      .select({ passwordEnc: extensions.passwordEnc })
      .from(extensions)
      .innerJoin(domains, eq(domains.domainUuid, extensions.domainUuid))
      .where(and(eq(domains.domainName, domainName), eq(extensions.extension, extension)));
    if (!row) throw new Error(`no extension ${extension}@${domainName}`);
    return secrets.open(row.passwordEnc);
  }

  return {
    t,
    engine,
    url,
    events: recordEvents(engine),
    office,
    tenantUuid: office.tenant.domainUuid,
    consoleToken: async (user) => (await t.login(user.username, FACTORY_PASSWORD)).token,
    password,
    async phone(extension, domainName = RECORDED_DOMAIN) {
      const phone = await ScriptedPhone.open(url, `${extension}@${domainName}`);
      phones.push(phone);
      const reply = await phone.loginWith(await password(extension, domainName));
      if (!reply.result) throw new Error(`login ${extension} failed: ${JSON.stringify(reply)}`);
      await phone.next('verto.clientReady');
      return phone;
    },
    setClock(instant) {
      base = instant;
      since = Date.now();
    },
    async close() {
      await engine.close();
      for (const phone of phones) phone.socket.terminate();
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.close();
      await t.close();
    },
  };
}
