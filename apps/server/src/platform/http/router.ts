import {
  API_PREFIX,
  can,
  containsControlCharacter,
  idSchema,
  MULTIPART,
  ok,
  type Endpoint,
  type Parsed,
} from '@tsunagu/contract';
import { Refusal, invalidInput } from '@tsunagu/contract/refusal';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Auth } from '../auth/auth-context';
import type { Authenticator } from '../auth/authenticate';
import { XSRF_COOKIE, XSRF_HEADER, xsrfMatches } from '../auth/xsrf';

/** The request as the endpoint's schemas parsed it. */
export interface RouteInput<E extends Endpoint> {
  params: Parsed<E, 'params'>;
  body: Parsed<E, 'body'>;
  query: Parsed<E, 'query'>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface AuthedInput<E extends Endpoint> extends RouteInput<E> {
  auth: Auth;
  /** The tenant this request acts on: the caller's own, or for a provider admin the one named in the request. */
  tenantUuid: string;
  /** Who acts and from where, for the audit log. */
  actor: { auth: Auth; ip: string };
}

/**
 * What a handler returns: the `data` of the success envelope (its type from the endpoint's response
 * schema; nothing for an answer without data), or the reply when the handler sent its own (a file, a
 * ready-made cached list).
 */
export type Answer<E extends Endpoint> = E extends { response: infer R extends z.ZodType }
  ? (null extends z.input<R> ? z.input<R> | void : z.input<R>) | FastifyReply
  : FastifyReply;

type Handler<E extends Endpoint, I> = (input: I) => Promise<Answer<E>>;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Validates one part of the request; the first issue's (Japanese) message becomes the 400's msg. */
function parse(schema: z.ZodType | typeof MULTIPART | undefined, value: unknown): unknown {
  if (!schema || schema === MULTIPART) return undefined;
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw invalidInput(result.error.issues[0]?.message);
  return result.data;
}

/** A control character anywhere in the input is refused before the schemas (a NUL would fail the SQL: 500). */
function refuseControlCharacters(endpoint: Endpoint, request: FastifyRequest): void {
  if (
    containsControlCharacter(request.params) ||
    containsControlCharacter(request.query) ||
    containsControlCharacter(request.body, endpoint.multiLine)
  ) {
    throw new Refusal('invalid', 'controlCharacter');
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
  route<E extends Endpoint>(endpoint: E, handler: Handler<E, AuthedInput<E>>): void;
  /** Binds an endpoint reachable without a session (sign-in). */
  publicRoute<E extends Endpoint>(endpoint: E, handler: Handler<E, RouteInput<E>>): void;
}

export function createRouter(app: FastifyInstance, authenticate: Authenticator): Router {
  return {
    route(endpoint, handler) {
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
            throw new Refusal('forbidden', 'xsrf');
          }
          // 3. the endpoint's capability (403): a hidden menu item is a refused endpoint
          if (endpoint.capability && !can(auth, endpoint.capability)) {
            throw new Refusal('forbidden', 'forbidden');
          }
          // 4. input (400)
          refuseControlCharacters(endpoint, request);
          const params = parse(endpoint.params, request.params);
          const body = parse(endpoint.body, request.body);
          const query = parse(endpoint.query, request.query);
          // 5. tenant scope (403): a tenant named in the path, query or body must be the caller's, unless SP
          const named =
            (params as { domainUuid?: string } | undefined)?.domainUuid ??
            (query as { domainUuid?: string } | undefined)?.domainUuid ??
            bodyDomain(request.body);
          const anyTenant = can(auth, 'tenant.manage');
          if (named && named !== auth.domainUuid && !anyTenant) throw new Refusal('forbidden', 'otherTenant');
          // A provider acts on the tenant named; a body's domainUuid is not always in its schema, so its
          // form is checked here (a non-UUID reached the SQL: 500).
          if (named && anyTenant && !idSchema.safeParse(named).success)
            throw new Refusal('invalid', 'inputInvalid');
          const tenantUuid = named && anyTenant ? named : auth.domainUuid;
          const actor = { auth, ip: request.ip };
          const input = { params, body, query, auth, tenantUuid, actor, request, reply };
          return respond(reply, await handler(input as AuthedInput<typeof endpoint>));
        },
      });
    },
    publicRoute(endpoint, handler) {
      app.route({
        method: endpoint.method,
        url: API_PREFIX + endpoint.path,
        handler: async (request, reply) => {
          refuseControlCharacters(endpoint, request);
          const params = parse(endpoint.params, request.params);
          const body = parse(endpoint.body, request.body);
          const query = parse(endpoint.query, request.query);
          const input = { params, body, query, request, reply };
          return respond(reply, await handler(input as RouteInput<typeof endpoint>));
        },
      });
    },
  };
}
