import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../platform/auth/authenticate';
import type { SessionCache } from '../platform/auth/session-cache';
import type { LoginThrottle } from '../platform/auth/login-throttle';
import type { TokenSigner } from '../platform/auth/tokens';
import type { SecretBox } from '../platform/crypto/secrets';
import type { Db } from '../platform/db/client';
import type { Router } from '../platform/http/router';
import type { ListCache } from '../platform/pbx/list-cache';
import type { RealtimeGateway } from '../platform/realtime';
import type { TelephonyEngine } from '../telephony/engine';

/**
 * The shared machinery app.ts builds once and hands to every feature. The names match the services'
 * own deps, so a feature passes `deps` on and each service takes the part it declares.
 */
export interface FeatureDeps {
  /** The Fastify instance, for the rare route that needs a scope of its own (the recording upload). */
  app: FastifyInstance;
  authenticate: Authenticator;
  /** The live sessions this instance keeps for a moment: a session whose tenant changes is forgotten. */
  sessionCache: Pick<SessionCache, 'forget'>;
  db: Db;
  secrets: SecretBox;
  tokens: TokenSigner;
  throttle: LoginThrottle;
  realtime: RealtimeGateway;
  /** Publishes on a real-time topic (through the bus: every instance's clients hear it). */
  publish: (topic: string, body: string) => void;
  /** The engine told about configuration changes (broadcast to every instance). */
  engine: TelephonyEngine;
  /** The engine as built, before the broadcast wrapper: the sandbox's own controls live on it. */
  exchange: TelephonyEngine;
  /** Where browser softphones sign in. */
  softphoneUrl: string;
  /** The per-tenant cache of the big PBX lists. */
  lists: ListCache;
  sessionHours: number;
  dataDir: string;
  /** Logs a failure of background work (a cache refresh, an engine notice) without failing the request. */
  onError: (error: unknown) => void;
  now?: () => Date;
}

/** What every feature's `*.routes.ts` exports: builds its service from `deps` and binds its endpoints. */
export type RegisterFeature = (router: Router, deps: FeatureDeps) => void | Promise<void>;
