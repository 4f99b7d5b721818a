import { z } from 'zod';

/**
 * Long work answered with its progress (the customer import's commit): a client that sends
 * `Accept: application/x-ndjson` gets one JSON object per line — `{ progress }` while the work goes on, then
 * the `{code, msg, data}` envelope as the last line (an error's code and message included: the HTTP status
 * is sent before the work ends). Any other client gets the envelope alone, with the usual status.
 */
export const PROGRESS_CONTENT_TYPE = 'application/x-ndjson';

/** The steps the server reports: reading and checking the rows, then writing them. */
export const PROGRESS_STEPS = ['check', 'write'] as const;
export type ProgressStep = (typeof PROGRESS_STEPS)[number];

export const progressSchema = z.object({
  step: z.enum(PROGRESS_STEPS),
  /** Units done and in all (rows). */
  done: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type Progress = z.infer<typeof progressSchema>;

/** One line of a progress answer other than the last. */
export const progressLineSchema = z.object({ progress: progressSchema });

/** The whole percent of a step done (0 for an empty step that has not finished). */
export function percentOf(progress: Pick<Progress, 'done' | 'total'>): number {
  return progress.total === 0
    ? 0
    : Math.floor((100 * Math.min(progress.done, progress.total)) / progress.total);
}
