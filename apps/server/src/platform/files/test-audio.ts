import { sineWav } from './wav';

/** MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, no padding: a 417-byte frame. */
const FRAME_HEADER = Buffer.from([0xff, 0xfb, 0x90, 0x64]);
export const MP3_FRAME_BYTES = 417;

/** Test audio: an MP3 as most encoders write it, an ID3v2 tag and then whole frames (silent payload). */
export function testMp3({ frames = 3, id3 = true } = {}): Buffer {
  const frame = Buffer.concat([FRAME_HEADER, Buffer.alloc(MP3_FRAME_BYTES - 4)]);
  const tag = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]);
  return Buffer.concat([...(id3 ? [tag] : []), ...Array.from({ length: frames }, () => frame)]);
}

/** What an attacker appends to make an audio file a page a browser might render. */
export const HTML_TRAILER = Buffer.from('<html><script>alert(document.cookie)</script></html>');

/** A WAV with HTML appended after its data chunk: the RIFF size no longer matches the file. */
export function wavWithHtml(): Buffer {
  return Buffer.concat([sineWav({ seconds: 0.1 }), HTML_TRAILER]);
}
