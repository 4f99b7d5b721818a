import type { FastifyMultipartOptions } from '@fastify/multipart';

/** Multipart limits of a route taking one file and up to `fields` small text fields. */
export function oneFileLimits(fileSize: number, fields: number, fieldSize: number): FastifyMultipartOptions {
  return {
    throwFileSizeLimit: true,
    limits: { fileSize, files: 1, fields, fieldSize, parts: fields + 1, headerPairs: 100 },
  };
}
