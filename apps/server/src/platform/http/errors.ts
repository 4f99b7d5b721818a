import { messages, type Envelope } from '@tsunagu/contract';
import { Refusal } from '@tsunagu/contract/refusal';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
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

/**
 * The HTTP status and envelope a failure is answered with (logged as it deserves): the error handler's and
 * a progress answer's last line (progress-answer.ts).
 */
export function failureAnswer(
  error: FastifyError | Refusal | Error,
  request: FastifyRequest,
): { status: number; body: Envelope<null> } {
  const answer = (status: number, msg: string) => ({
    status,
    body: { code: status, msg, data: null },
  });
  // A refusal by reason code (services, engines, guards): its kind's status and the code's text.
  if (error instanceof Refusal) {
    const status = REFUSAL_STATUS[error.failure];
    if (status >= 500) request.log.error({ err: loggableError(error.cause ?? error) }, error.message);
    return answer(status, error.message);
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status < 500) {
    const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
    const msg = FASTIFY_MESSAGES[code] ?? (status === 429 ? messages.tooManyAttempts : messages.badRequest);
    // Malformed or non-JSON bodies are "bad input": 400. An oversized one keeps its 413 (clients and proxies know it).
    return answer(status === 415 ? 400 : status, msg);
  }
  // The database restarting or failing over: 503, the request may be repeated; the pool reconnects by itself.
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: loggableError(error), route: request.routeOptions.url }, 'database unavailable');
    return answer(503, messages.databaseUnavailable);
  }
  // Name, SQLSTATE and route only: a failed statement's parameters are request values.
  request.log.error({ err: loggableError(error), route: request.routeOptions.url }, 'unhandled error');
  return answer(500, messages.serverError);
}

/** The one error handler: every failure leaves as `{ code, msg, data: null }`; bad input is never a 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError | Refusal | Error, request, reply) => {
    const { status, body } = failureAnswer(error, request);
    if (status === 413) await drainBody(request.raw);
    return reply.status(status).send(body);
  });
}
