import { createReadStream } from 'node:fs';
import type { FastifyReply } from 'fastify';

/** A stored audio file as it is sent: where it lies, its size and type, and the name it is saved under. */
export interface AudioFile {
  path: string;
  size: number;
  mime: string;
  filename: string;
}

/**
 * Streams a stored audio file as what it is and nothing else: its audio type, `nosniff` so no browser
 * second-guesses that type, and always an attachment (the console fetches a Blob for both playing and
 * downloading, so nothing needs `inline`; opened directly, the file is saved, never rendered). The name
 * is given ASCII-safe and, in full, RFC 5987-encoded.
 */
export function sendAudio(reply: FastifyReply, file: AudioFile) {
  const ascii = file.filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return reply
    .type(file.mime)
    .header('x-content-type-options', 'nosniff')
    .header('content-length', file.size)
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .send(createReadStream(file.path));
}
