import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { WebSocketServer } from 'ws';
import type { FreeswitchSettings } from '../config';
import type { LoginThrottle } from '../platform/auth/login-throttle';
import type { SecretBox } from '../platform/crypto/secrets';
import type { Db } from '../platform/db/client';
import type { TelephonyEngine } from './engine';
import { createFreeswitchEngine, freeswitchRoutes } from './freeswitch';
import { createSandboxEngine, type SandboxEngine, type TokenOwner } from './sandbox';

type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

export interface EngineDeps {
  db: Db;
  secrets: SecretBox;
  /** Resolves a console session token (the sandbox's caller page signs in with one). */
  authenticateToken: (token: string) => Promise<TokenOwner | null>;
  /** The console's sign-in throttle; the sandbox's verto logins go through it too. */
  throttle?: LoginThrottle;
  /** The client address of an upgrade request (behind trusted proxies); the socket's peer by default. */
  clientOf?: ClientOf;
  onError: (error: unknown) => void;
  /** The recordings storage (DATA_DIR/recordings): the sandbox writes call recordings into it. */
  recordingsDir?: string;
}

/** The engine with what the server must expose for it. */
export interface Telephony {
  engine: TelephonyEngine;
  /** Where browser softphones sign in: the sandbox's /verto, or FreeSWITCH's mod_verto. */
  softphoneUrl: string;
  /** WebSocket endpoints the engine serves itself (the sandbox's /verto). */
  upgrades: Record<string, UpgradeHandler>;
  /** HTTP routes the engine needs (FreeSWITCH's /fs/xml and /fs/cdr). */
  routes?: FastifyPluginAsync;
}

/** True for the built-in exchange (it serves the browsers' verto sockets itself). */
export function isSandbox(engine: TelephonyEngine): engine is SandboxEngine {
  return engine.kind === 'sandbox' && 'acceptVerto' in engine;
}

type ClientOf = (request: IncomingMessage) => string;
const socketPeer: ClientOf = (request) => request.socket.remoteAddress ?? '';

function vertoUpgrade(engine: SandboxEngine, clientOf: ClientOf): UpgradeHandler {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024 });
  return (request, socket, head) =>
    wss.handleUpgrade(request, socket, head, (ws) => engine.acceptVerto(ws, clientOf(request)));
}

/** Wraps an engine made elsewhere (tests hand theirs in). */
export function telephonyOf(engine: TelephonyEngine, clientOf: ClientOf = socketPeer): Telephony {
  return {
    engine,
    softphoneUrl: '/verto',
    upgrades: isSandbox(engine) ? { '/verto': vertoUpgrade(engine, clientOf) } : {},
  };
}

/** The configured engine: FreeSWITCH when its settings are present, the built-in sandbox otherwise. */
export function createTelephony(freeswitch: FreeswitchSettings | null, deps: EngineDeps): Telephony {
  if (!freeswitch) return telephonyOf(createSandboxEngine(deps), deps.clientOf);
  const engine = createFreeswitchEngine({
    db: deps.db,
    secrets: deps.secrets,
    settings: freeswitch,
    onError: deps.onError,
  });
  return {
    engine,
    softphoneUrl: engine.softphoneUrl,
    upgrades: {},
    routes: freeswitchRoutes({ engine, settings: freeswitch }),
  };
}
