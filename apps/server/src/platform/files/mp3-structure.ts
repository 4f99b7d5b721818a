import type { ByteSource } from './byte-source';
import type { StructureVerdict } from './wav-structure';

/** Bitrates in kbit/s by [MPEG-1?][layer 1–3][index 1–14]; index 0 (free format) and 15 are refused. */
const BITRATES = {
  v1: [
    [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  v2: [
    [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
};
/** Sample rates by version bits (0: MPEG-2.5, 2: MPEG-2, 3: MPEG-1; 1 is reserved) and index 0–2. */
const SAMPLE_RATES: Record<number, number[]> = {
  0: [11025, 12000, 8000],
  2: [22050, 24000, 16000],
  3: [44100, 48000, 32000],
};

/** The length in bytes of the MPEG audio frame whose 4-byte header is given, or 0 if it is not one. */
export function mpegFrameLength(header: Buffer): number {
  if (header.length < 4 || header[0] !== 0xff || ((header[1] as number) & 0xe0) !== 0xe0) return 0;
  const b1 = header[1] as number;
  const b2 = header[2] as number;
  const version = (b1 >> 3) & 0b11;
  const layer = 4 - ((b1 >> 1) & 0b11); // bits 11 = Layer I, 01 = Layer III
  const bitrateIndex = b2 >> 4;
  const rates = SAMPLE_RATES[version];
  const sampleRate = rates?.[(b2 >> 2) & 0b11];
  if (!sampleRate || layer === 4 || bitrateIndex === 0 || bitrateIndex === 15) return 0;
  const bitrate = (version === 3 ? BITRATES.v1 : BITRATES.v2)[layer - 1]?.[bitrateIndex - 1];
  if (!bitrate) return 0;
  const padding = (b2 >> 1) & 1;
  if (layer === 1) return (Math.floor((12 * bitrate * 1000) / sampleRate) + padding) * 4;
  // Layer III of MPEG-2 and 2.5 carries half the samples per frame.
  const factor = layer === 3 && version !== 3 ? 72 : 144;
  return Math.floor((factor * bitrate * 1000) / sampleRate) + padding;
}

/** An ID3v2 tag's total length at the start of the file (header, body, optional footer), or 0. */
function id3v2Length(head: Buffer): number {
  if (head.length < 10 || head.toString('latin1', 0, 3) !== 'ID3') return 0;
  const size = head.subarray(6, 10);
  if (!size.every((b) => b < 0x80)) return 0;
  const body =
    ((size[0] as number) << 21) |
    ((size[1] as number) << 14) |
    ((size[2] as number) << 7) |
    (size[3] as number);
  const footer = ((head[5] as number) & 0x10) !== 0 ? 10 : 0;
  return 10 + body + footer;
}

/**
 * An MP3 that is, end to end: an optional ID3v2 tag (and zero padding after it), whole MPEG audio frames,
 * then optionally an APEv2 tag and a 128-byte ID3v1 tag. Anything else — HTML after the last frame, a frame
 * cut off — makes it 'broken'.
 */
export async function mp3Structure(source: ByteSource): Promise<StructureVerdict> {
  const tag = id3v2Length(await source.read(0, 10));
  let position = tag;
  if (position > source.size) return 'broken';
  // Some taggers leave zero padding after the tag that its size does not count.
  while (tag > 0 && position < source.size) {
    const block = await source.read(position, 4096);
    const nonZero = block.findIndex((b) => b !== 0);
    if (nonZero >= 0) {
      position += nonZero;
      break;
    }
    position += block.length;
  }
  let frames = 0;
  while (position < source.size) {
    const length = mpegFrameLength(await source.read(position, 4));
    if (length === 0) break;
    if (position + length > source.size) return 'broken';
    position += length;
    frames++;
  }
  if (frames === 0) return tag > 0 ? 'broken' : 'other';
  return (await trailingTagsEnd(source, position)) === source.size ? 'clean' : 'broken';
}

/** Where the tags that may follow the frames end: an APEv2 tag, then an ID3v1 tag. */
async function trailingTagsEnd(source: ByteSource, from: number): Promise<number> {
  let position = from;
  const ape = await source.read(position, 32);
  if (ape.length === 32 && ape.toString('latin1', 0, 8) === 'APETAGEX') {
    // The size in an APE header counts the items and the footer, not the 32-byte header itself.
    position += 32 + ape.readUInt32LE(12);
  }
  if (source.size - position === 128 && (await source.read(position, 3)).toString('latin1') === 'TAG')
    position += 128;
  return position;
}
