export type AudioFormat = 'wav' | 'mp3';

/** MIME type served for each stored format. */
export const AUDIO_MIME: Record<AudioFormat, string> = { wav: 'audio/wav', mp3: 'audio/mpeg' };

function isWav(bytes: Buffer): boolean {
  return bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WAVE';
}

/**
 * An MPEG audio frame header: 11 sync bits, a defined version and layer, and a bitrate and sample-rate
 * index that are not the reserved values — enough to tell a frame from random bytes that start with 0xFF.
 */
function isMpegFrame(bytes: Buffer, at: number): boolean {
  const [b0, b1, b2] = [bytes[at], bytes[at + 1], bytes[at + 2]];
  if (b0 === undefined || b1 === undefined || b2 === undefined) return false;
  const sync = b0 === 0xff && (b1 & 0xe0) === 0xe0;
  const version = (b1 >> 3) & 0b11;
  const layer = (b1 >> 1) & 0b11;
  const bitrate = b2 >> 4;
  const sampleRate = (b2 >> 2) & 0b11;
  return sync && version !== 0b01 && layer !== 0b00 && bitrate !== 0b1111 && sampleRate !== 0b11;
}

function isMp3(bytes: Buffer): boolean {
  // An ID3v2 tag ('ID3', version, flags, four 7-bit size bytes) precedes the frames of most MP3 files.
  if (bytes.toString('ascii', 0, 3) === 'ID3')
    return bytes.length >= 10 && bytes.subarray(6, 10).every((b) => b < 0x80);
  return isMpegFrame(bytes, 0);
}

/** The audio format the bytes really hold, judged by their content (not by any file name), or null. */
export function detectAudioFormat(bytes: Buffer): AudioFormat | null {
  if (isWav(bytes)) return 'wav';
  if (isMp3(bytes)) return 'mp3';
  return null;
}
