/** Before/after values for the audit trail: changed fields only, secrets never. */

/** A changed field: its value before and after ('***' stands for a secret that changed). */
export interface FieldChange {
  before: unknown;
  after: unknown;
}

/** Names of fields whose values are secrets: recorded as changed, never with their values. */
const SECRET_FIELD = /pass(word)?|secret|token|credential|recovery|otp|hash|_enc$|Enc$/i;
/** Shown instead of a secret's value. */
export const SECRET_MARK = '***';

export const isSecretField = (name: string) => SECRET_FIELD.test(name);

/** The value as stored in the log: a secret field's value replaced, nested objects scrubbed too. */
function scrub(name: string, value: unknown): unknown {
  if (isSecretField(name)) {
    // A flag saying a password was changed is not the password.
    return typeof value === 'boolean' ? value : SECRET_MARK;
  }
  if (Array.isArray(value)) return value.map((item) => scrub('', item));
  if (value !== null && typeof value === 'object') return withoutSecrets(value as Record<string, unknown>);
  return value;
}

/** A copy of a detail with every secret field's value replaced by SECRET_MARK. */
export function withoutSecrets(detail: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(detail).map(([key, value]) => [key, scrub(key, value)]));
}

// Values compared as JSON with sorted keys: the database and the form may order an object's keys differently.
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The fields that differ between before and after (a field missing on one side counts as null), each
 * with both values; a secret field that changed is listed with SECRET_MARK on both sides. Dates compare as
 * ISO text.
 */
export function auditChanges(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const name of names) {
    const was = normalise(before?.[name]);
    const is = normalise(after?.[name]);
    if (canonical(was) === canonical(is)) continue;
    changes[name] = isSecretField(name)
      ? { before: SECRET_MARK, after: SECRET_MARK }
      : { before: scrub(name, was), after: scrub(name, is) };
  }
  return changes;
}

function normalise(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value === undefined ? null : value;
}
