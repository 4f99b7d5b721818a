import type { ByteSource } from './byte-source';

/** 'other': not a WAV; 'broken': a WAV whose chunks do not exactly fill the file; 'clean': a WAV. */
export type StructureVerdict = 'other' | 'broken' | 'clean';

/** Real WAVs hold a handful of chunks; a file of thousands of empty ones is not worth walking. */
const MAX_CHUNKS = 1000;

/**
 * A RIFF/WAVE file whose RIFF size is the file size − 8 and whose chunks, each inside it, end exactly at
 * the end of the file (a final pad byte may be missing), with a 'fmt ' chunk before the 'data' chunk.
 */
export async function wavStructure(source: ByteSource): Promise<StructureVerdict> {
  const head = await source.read(0, 12);
  if (
    head.length < 12 ||
    head.toString('latin1', 0, 4) !== 'RIFF' ||
    head.toString('latin1', 8, 12) !== 'WAVE'
  )
    return 'other';
  if (head.readUInt32LE(4) + 8 !== source.size) return 'broken';
  let fmt = false;
  let data = false;
  let position = 12;
  for (let chunks = 0; position < source.size; chunks++) {
    const header = await source.read(position, 8);
    if (header.length < 8 || chunks === MAX_CHUNKS) return 'broken';
    const id = header.toString('latin1', 0, 4);
    const length = header.readUInt32LE(4);
    const end = position + 8 + length;
    if (end > source.size) return 'broken';
    if (id === 'fmt ') fmt = length >= 16;
    if (id === 'data') {
      if (!fmt || data) return 'broken';
      data = true;
    }
    // Chunks are word-aligned: an odd-sized chunk is followed by one pad byte.
    position = end === source.size ? end : end + (length & 1);
  }
  return data && position === source.size ? 'clean' : 'broken';
}
