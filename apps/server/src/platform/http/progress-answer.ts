import { PassThrough } from 'node:stream';
import { ok } from '@tsunagu/contract';
import { PROGRESS_CONTENT_TYPE, type Progress, type ProgressStep } from '@tsunagu/contract/progress';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { failureAnswer } from './errors';

/** Tells how far long work is: units done of a step's total (a line each time: call it per batch, not per row). */
export type ReportProgress = (step: ProgressStep, done: number, total: number) => void;

/** Whether the client asked for the answer as progress lines. */
function wantsProgress(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes(PROGRESS_CONTENT_TYPE);
}

/**
 * Runs long work for an endpoint declared with `progress: true` (contract progress.ts). A client that
 * accepts NDJSON gets 200 at once, a `{progress}` line as the work reports, and the envelope as the last
 * line — a failure's code and message too, logged as the error handler would. Any other client gets the
 * work's result as the usual envelope (a failure goes to the error handler with its status).
 */
export async function answerWithProgress<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  work: (report: ReportProgress) => Promise<T>,
): Promise<T | FastifyReply> {
  if (!wantsProgress(request)) return work(() => undefined);
  const lines = new PassThrough();
  const report: ReportProgress = (step, done, total) => {
    const progress: Progress = { step, done, total };
    lines.write(`${JSON.stringify({ progress })}\n`);
  };
  // nginx and other proxies must pass each line on as it comes, not buffer the answer.
  void reply.type(PROGRESS_CONTENT_TYPE).header('x-accel-buffering', 'no').send(lines);
  work(report).then(
    (data) => lines.end(`${JSON.stringify(ok(data ?? null))}\n`),
    (error: Error) => lines.end(`${JSON.stringify(failureAnswer(error, request).body)}\n`),
  );
  return reply;
}
