import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { SecretBox } from '../platform/crypto/secrets';
import type { Db } from '../platform/db/client';
import type { TelephonyEngine } from './engine';
import { createSandboxEngine, type SandboxEngine, type TokenOwner } from './sandbox';

export interface EngineDeps {
  db: Db;
  secrets: SecretBox;
  /** Resolves a console session token (the sandbox's caller page signs in with one). */
  authenticateToken: (token: string) => Promise<TokenOwner | null>;
  onError: (error: unknown) => void;
}

/** The built-in exchange. */
export function createSandbox(deps: EngineDeps): SandboxEngine {
  return createSandboxEngine(deps);
}

/** True for the built-in exchange (it serves the browsers' verto sockets itself). */
export function isSandbox(engine: TelephonyEngine): engine is SandboxEngine {
  return engine.kind === 'sandbox' && 'acceptVerto' in engine;
}

/** The upgrade handler of the sandbox's verto endpoint (/verto). */
export function vertoUpgrade(engine: SandboxEngine) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024 });
  return (request: IncomingMessage, socket: Duplex, head: Buffer) =>
    wss.handleUpgrade(request, socket, head, (ws) => engine.acceptVerto(ws));
}
