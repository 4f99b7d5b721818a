import { ApiError, messages, RECORDING_MAX_BYTES, recordingMessages } from '@tsunagu/contract';
import type { FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';

/** What a POST /v1/recording/upload carried: the 'file' part and the 'data' part (JSON text). */
export interface Upload {
  file: { name: string; bytes: Buffer } | null;
  data: string | null;
}

/** Multipart limits of the upload route: one file of at most 20 MB and a small 'data' field. */
export const UPLOAD_LIMITS: FastifyMultipartOptions = {
  throwFileSizeLimit: true,
  limits: {
    fileSize: RECORDING_MAX_BYTES,
    files: 1,
    fields: 4,
    fieldSize: 16 * 1024,
    parts: 5,
    headerPairs: 100,
  },
};

/** Reads the multipart body; an oversized file or a malformed body becomes a 400 with a Japanese message. */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw new ApiError(400, recordingMessages.fileMissing);
  const upload: Upload = { file: null, data: null };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        // A form submitted without choosing a file still sends an empty, unnamed 'file' part.
        if (part.fieldname === 'file' && part.filename) upload.file = { name: part.filename, bytes };
      } else if (part.fieldname === 'data') {
        upload.data = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(400, recordingMessages.fileTooLarge);
    // Everything else that fails here is the body itself: too many parts, no boundary, a cut-off form.
    throw new ApiError(400, messages.badRequest);
  }
  return upload;
}
