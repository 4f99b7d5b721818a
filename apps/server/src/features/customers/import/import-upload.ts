import { containsControlCharacter } from '@tsunagu/contract';
import { Refusal } from '@tsunagu/contract/refusal';
import { IMPORT_MAX_BYTES, importOptionsSchema } from '@tsunagu/contract/crm/import';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { oneFileLimits } from '../../../platform/files/upload-limits';

/** Multipart limits of the import routes: one file of at most 20 MB and the small 'options' field. */
export const IMPORT_UPLOAD_LIMITS = oneFileLimits(IMPORT_MAX_BYTES, 2, 256 * 1024);

export interface ImportUpload {
  file: Buffer;
  options: z.output<typeof importOptionsSchema>;
}

/** Reads the 'file' and 'options' parts; anything missing or malformed is a 400 with a Japanese message. */
export async function readImportUpload(request: FastifyRequest): Promise<ImportUpload> {
  if (!request.isMultipart()) throw new Refusal('invalid', 'importFileMissing');
  let file: Buffer | null = null;
  let options: unknown = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || !part.filename) {
          part.file.resume();
          continue;
        }
        file = await part.toBuffer();
      } else if (part.fieldname === 'options') {
        options = JSON.parse(String(part.value));
      }
    }
  } catch (error) {
    if (error instanceof Refusal) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new Refusal('invalid', 'importFileTooLarge');
    if (error instanceof SyntaxError) throw new Refusal('invalid', 'invalidJson');
    throw new Refusal('invalid', 'inputInvalid');
  }
  if (file === null || file.length === 0) throw new Refusal('invalid', 'importFileMissing');
  // The router refuses control characters in JSON bodies but cannot see inside a multipart one.
  if (containsControlCharacter(options)) throw new Refusal('invalid', 'controlCharacter');
  const parsed = importOptionsSchema.safeParse(options);
  if (!parsed.success) throw new Refusal('invalid', 'importOptionsInvalid');
  return { file, options: parsed.data };
}
