import { z } from 'zod';

// Zod's own messages (a too-long field, say) in Japanese, as the contract's index sets them on the server.
z.config(z.locales.ja());

/** The outcome of checking a form against the contract: the payload to send, or the message to show. */
export type ContractCheck<P> = { payload: P; error?: undefined } | { payload?: undefined; error: string };

/**
 * Runs the contract's request schema, then its ordered rule, on a form's values: the same checks the
 * server runs, so the dialog shows the same first message (spec 5) without a round trip.
 */
export function checkAgainstContract<S extends z.ZodType>(
  schema: S,
  values: unknown,
  rule: (payload: z.output<S>) => string | null,
): ContractCheck<z.output<S>> {
  const parsed = schema.safeParse(values);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? '' };
  const error = rule(parsed.data);
  return error === null ? { payload: parsed.data } : { error };
}
