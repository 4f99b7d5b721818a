import { z } from 'zod';
import type { Capability } from '../permissions';

/** The API prefix every endpoint lives under. */
export const API_PREFIX = '/api';

/** A request body that is multipart/form-data, read by the route itself (a file upload). */
export const MULTIPART = 'multipart';
/** An answer that is a file (audio), not the `{code, msg, data}` envelope. */
export const FILE = 'file';

/**
 * An API endpoint: method, path under /api (Fastify-style `:param` placeholders), who may call it, and
 * the zod schemas of its input and of its answer. The server parses the input with them before the
 * handler runs; the web client takes its argument and result types from them; the server tests check
 * every successful answer against `response` (production does not).
 */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** What the caller must be allowed to do (permissions.ts); absent = any signed-in user. */
  capability?: Capability;
  /** Reachable without a session. */
  public?: boolean;
  /** Body fields whose text may span lines (tab and newline allowed); every other text is one line. */
  multiLine?: readonly string[];
  /** The `:param` placeholders. */
  params?: z.ZodType;
  /** The query string. */
  query?: z.ZodType;
  /** A JSON body, or MULTIPART. */
  body?: z.ZodType | typeof MULTIPART;
  /** The envelope's `data` on success, or FILE. */
  response: z.ZodType | typeof FILE;
  /** Long work: a client may ask for the answer as progress lines ending with the envelope (progress.ts). */
  progress?: true;
}

/** Declares an endpoint, keeping its exact schema types for inference. */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

type SchemaAt<E, K extends keyof Endpoint> = E extends { [P in K]: infer S extends z.ZodType } ? S : never;

/** The parsed (output) value of an endpoint's part, as the server's handler receives it. */
export type Parsed<E, K extends 'params' | 'query' | 'body'> = [SchemaAt<E, K>] extends [never]
  ? undefined
  : z.output<SchemaAt<E, K>>;

/** What a client sends for an endpoint's part (the schema's input). */
export type Sent<E, K extends 'params' | 'query' | 'body'> = E extends { body: typeof MULTIPART }
  ? K extends 'body'
    ? FormData | Blob
    : SentSchema<E, K>
  : SentSchema<E, K>;
type SentSchema<E, K extends keyof Endpoint> = [SchemaAt<E, K>] extends [never]
  ? undefined
  : z.input<SchemaAt<E, K>>;

/** The `data` of an endpoint's successful answer (never for a file). */
export type ResponseData<E> = [SchemaAt<E, 'response'>] extends [never]
  ? never
  : z.output<SchemaAt<E, 'response'>>;

/** An answer with no data (`data: null`). */
export const noData = z.null();

/** Fills `:param` placeholders (URL-encoded), prefixes /api and appends the query (absent values skipped). */
export function apiPath(
  endpoint: Pick<Endpoint, 'path'>,
  params: Record<string, string> = {},
  query: Record<string, unknown> = {},
): string {
  const filled = endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return API_PREFIX + filled + (text ? `?${text}` : '');
}
