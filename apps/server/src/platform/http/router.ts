import {
  ApiError,
  API_PREFIX,
  canAccess,
  containsControlCharacter,
  idSchema,
  messages,
  ok,
  type Endpoint,
} from '@tsunagu/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { isProvider, type Auth } from '../auth/auth-context';
import type { Authenticator } from '../auth/authenticate';
import { XSRF_COOKIE, XSRF_HEADER, xsrfMatches } from '../auth/xsrf';

type Schema = z.ZodType;
type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

export interface RouteInput<P, B, Q> {
  params: P;
  body: B;
  query: Q;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface AuthedInput<P, B, Q> extends RouteInput<P, B, Q> {
  auth: Auth;
  /** The tenant this request acts on: the caller's own, or for a provider admin the one named in the request. */
  tenantUuid: string;
}

interface Spec<P, B, Q, I> {
  params?: P;
  body?: B;
  query?: Q;
  /** Returns the `data` of a success envelope; a handler that sends its own reply returns the reply. */
  handler: (input: I) => Promise<unknown>;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Validates one part of the request; the first issue's (Japanese) message becomes the 400's msg. */
function parse(schema: Schema | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new ApiError(400, result.error.issues[0]?.message ?? messages.badRequest);
  return result.data;
}

/** A control character anywhere in the input is refused before the schemas (a NUL would fail the SQL: 500). */
function refuseControlCharacters(endpoint: Endpoint, request: FastifyRequest): void {
  if (
    containsControlCharacter(request.params) ||
    containsControlCharacter(request.query) ||
    containsControlCharacter(request.body, endpoint.multiLine)
  ) {
    throw new ApiError(400, messages.controlCharacter);
  }
}

function bodyDomain(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('domainUuid' in body)) return undefined;
  const value = (body as { domainUuid: unknown }).domainUuid;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function respond(reply: FastifyReply, result: unknown) {
  return reply.sent || result === reply ? reply : reply.send(ok(result ?? null));
}

export interface Router {
  /** Binds an endpoint that requires a session; guards run in a fixed order before the handler. */
  route<P extends Schema | undefined, B extends Schema | undefined, Q extends Schema | undefined>(
    endpoint: Endpoint,
    spec: Spec<P, B, Q, AuthedInput<Infer<P>, Infer<B>, Infer<Q>>>,
  ): void;
  /** Binds an endpoint reachable without a session (sign-in). */
  publicRoute<P extends Schema | undefined, B extends Schema | undefined, Q extends Schema | undefined>(
    endpoint: Endpoint,
    spec: Spec<P, B, Q, RouteInput<Infer<P>, Infer<B>, Infer<Q>>>,
  ): void;
}

export function createRouter(app: FastifyInstance, authenticate: Authenticator): Router {
  return {
    route(endpoint, spec) {
      app.route({
        method: endpoint.method,
        url: API_PREFIX + endpoint.path,
        handler: async (request, reply) => {
          // 1. who is calling (401)
          const auth = await authenticate(request.headers.authorization);
          // 2. state-changing requests must echo the XSRF cookie (403)
          if (
            STATE_CHANGING.has(request.method) &&
            !xsrfMatches(request.cookies[XSRF_COOKIE], request.headers[XSRF_HEADER])
          ) {
            throw new ApiError(403, messages.xsrf);
          }
          // 3. the menu model decides what the caller may use (403): a hidden menu item is a refused endpoint
          if (endpoint.variants && !endpoint.variants.some((v) => canAccess(auth, v))) {
            throw new ApiError(403, messages.forbidden);
          }
          // 4. input (400)
          refuseControlCharacters(endpoint, request);
          const params = parse(spec.params, request.params);
          const body = parse(spec.body, request.body);
          const query = parse(spec.query, request.query);
          // 5. tenant scope (403): a tenant named in the path, query or body must be the caller's, unless SP
          const named =
            (params as { domainUuid?: string } | undefined)?.domainUuid ??
            (query as { domainUuid?: string } | undefined)?.domainUuid ??
            bodyDomain(request.body);
          if (named && named !== auth.domainUuid && !isProvider(auth))
            throw new ApiError(403, messages.otherTenant);
          // A provider acts on the tenant named; a body's domainUuid is not always in its schema, so its
          // form is checked here (a non-UUID reached the SQL: 500).
          if (named && isProvider(auth) && !idSchema.safeParse(named).success)
            throw new ApiError(400, messages.badRequest);
          const tenantUuid = named && isProvider(auth) ? named : auth.domainUuid;
          const input = { params, body, query, auth, tenantUuid, request, reply };
          return respond(reply, await spec.handler(input as Parameters<typeof spec.handler>[0]));
        },
      });
    },
    publicRoute(endpoint, spec) {
      app.route({
        method: endpoint.method,
        url: API_PREFIX + endpoint.path,
        handler: async (request, reply) => {
          refuseControlCharacters(endpoint, request);
          const params = parse(spec.params, request.params);
          const body = parse(spec.body, request.body);
          const query = parse(spec.query, request.query);
          const input = { params, body, query, request, reply };
          return respond(reply, await spec.handler(input as Parameters<typeof spec.handler>[0]));
        },
      });
    },
  };
}
