import { RECORDING_MAX_BYTES } from '@tsunagu/contract';
import { Refusal } from '@tsunagu/contract/refusal';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { StagedFile } from './recording-storage';
import { oneFileLimits } from './upload-limits';

/** What an audio upload (a recording, a voicemail greeting) carried: the 'file' part (already on disk) and the 'data' part (JSON text). */
export interface Upload {
  file: { name: string; staged: StagedFile } | null;
  data: string | null;
}

/** Multipart limits of the upload routes: one file of at most 20 MB and a small 'data' field. */
export const UPLOAD_LIMITS = oneFileLimits(RECORDING_MAX_BYTES, 4, 16 * 1024);

/**
 * Reads the multipart body, streaming the file to a staged file on disk (never the whole file in memory).
 * An oversized file or a malformed body becomes a 400 with a Japanese message and leaves no file behind;
 * on success the caller owns the staged file and must keep or discard it.
 */
export async function readUpload(
  request: FastifyRequest,
  stage: (source: Readable) => Promise<StagedFile>,
): Promise<Upload> {
  if (!request.isMultipart()) throw new Refusal('invalid', 'recordingFileMissing');
  const upload: Upload = { file: null, data: null };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // A form submitted without choosing a file still sends an empty, unnamed 'file' part.
        if (part.fieldname !== 'file' || !part.filename) {
          part.file.resume();
          continue;
        }
        const staged = await stage(part.file);
        upload.file = { name: part.filename, staged };
        // busboy stops at the limit and marks the stream truncated: the rest of the file was never written.
        if (part.file.truncated) throw new Refusal('invalid', 'recordingFileTooLarge');
      } else if (part.fieldname === 'data') {
        upload.data = String(part.value);
      }
    }
  } catch (error) {
    await upload.file?.staged.discard();
    // The server's own trouble writing the file (a full disk) is not the client's fault: no 400 for it.
    if (error instanceof Refusal || (error instanceof Error && 'syscall' in error)) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new Refusal('invalid', 'recordingFileTooLarge');
    // Everything else that fails here is the body itself: too many parts, no boundary, a cut-off form.
    throw new Refusal('invalid', 'inputInvalid');
  }
  return upload;
}
