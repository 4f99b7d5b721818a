import { messages, Refusal } from '@tsunagu/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable, loggableError } from '../db/database-errors';
import { drainBody } from './drain-body';
import { REFUSAL_STATUS } from './refusal-status';

/** Fastify's own 4xx errors, translated to the Japanese the user sees. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: messages.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: messages.invalidJson,
  FST_ERR_CTP_BODY_TOO_LARGE: messages.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: messages.unsupportedContentType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: messages.badRequest,
};

/** The one error handler: every failure leaves as `{ code, msg, data: null }`; bad input is never a 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError | Refusal | Error, request, reply) => {
    // A refusal by reason code (services, engines, guards): its kind's status and the code's text.
    if (error instanceof Refusal) {
      const status = REFUSAL_STATUS[error.failure];
      if (status >= 500) request.log.error({ err: loggableError(error.cause ?? error) }, error.message);
      return reply.status(status).send({ code: status, msg: error.message, data: null });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status < 500) {
      const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
      const msg = FASTIFY_MESSAGES[code] ?? (status === 429 ? messages.tooManyAttempts : messages.badRequest);
      // Malformed or non-JSON bodies are "bad input": 400. An oversized one keeps its 413 (clients and proxies know it).
      const sent = status === 415 ? 400 : status;
      if (sent === 413) await drainBody(request.raw);
      return reply.status(sent).send({ code: sent, msg, data: null });
    }
    // The database restarting or failing over: 503, the request may be repeated; the pool reconnects by itself.
    if (isDatabaseUnavailable(error)) {
      request.log.warn(
        { err: loggableError(error), route: request.routeOptions.url },
        'database unavailable',
      );
      return reply.status(503).send({ code: 503, msg: messages.databaseUnavailable, data: null });
    }
    // Name, SQLSTATE and route only: a failed statement's parameters are request values.
    request.log.error({ err: loggableError(error), route: request.routeOptions.url }, 'unhandled error');
    return reply.status(500).send({ code: 500, msg: messages.serverError, data: null });
  });
}
