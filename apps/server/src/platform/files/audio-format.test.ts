import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inspectAudio } from './audio-format';
import { bufferSource, withFileSource } from './byte-source';
import { mpegFrameLength } from './mp3-structure';
import { HTML_TRAILER, MP3_FRAME_BYTES, testMp3, wavWithHtml } from './test-audio';
import { sineWav } from './wav';

const inspect = (bytes: Buffer) => inspectAudio(bufferSource(bytes));
const WAV = sineWav({ seconds: 0.1 });

/** A RIFF chunk: id, little-endian length, body and the pad byte of an odd body. */
const chunk = (id: string, body: Buffer) => {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'latin1');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body, Buffer.alloc(body.length & 1)]);
};
/** A WAV put together from chunks, with a correct RIFF size unless one is given. */
const riff = (chunks: Buffer[], riffSize?: number) => {
  const body = Buffer.concat([Buffer.from('WAVE'), ...chunks]);
  const header = Buffer.alloc(8);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(riffSize ?? body.length, 4);
  return Buffer.concat([header, body]);
};
const fmt = WAV.subarray(20, 36);
const pcm = WAV.subarray(44);

describe('WAV structure', () => {
  it('accepts a clean WAV, and chunks after the data inside the RIFF size', async () => {
    expect(await inspect(WAV)).toEqual({ format: 'wav' });
    const listed = riff([chunk('fmt ', fmt), chunk('data', pcm), chunk('LIST', Buffer.from('INFOabc'))]);
    expect(await inspect(listed)).toEqual({ format: 'wav' });
  });

  it.each([
    ['HTML appended after the data chunk', wavWithHtml()],
    ['a RIFF size larger than the file', riff([chunk('fmt ', fmt), chunk('data', pcm)], 10_000_000)],
    [
      'a RIFF size covering HTML hidden after the chunks',
      riff([chunk('fmt ', fmt), chunk('data', pcm), HTML_TRAILER]),
    ],
    ['a data chunk running past the end', riff([chunk('fmt ', fmt), chunk('data', pcm).subarray(0, 200)])],
    ['no data chunk', riff([chunk('fmt ', fmt)])],
    ['data before fmt', riff([chunk('data', pcm), chunk('fmt ', fmt)])],
  ])('refuses %s as broken', async (_name, bytes) => {
    expect(await inspect(bytes)).toEqual({ problem: 'structure' });
  });
});

describe('MP3 structure', () => {
  it('reads frame lengths from their headers', () => {
    expect(mpegFrameLength(Buffer.from([0xff, 0xfb, 0x90, 0x64]))).toBe(MP3_FRAME_BYTES);
    expect(mpegFrameLength(Buffer.from([0xff, 0xfb, 0x92, 0x64]))).toBe(MP3_FRAME_BYTES + 1);
    // MPEG-2 Layer III, 64 kbit/s, 22.05 kHz: 72 × 64000 / 22050.
    expect(mpegFrameLength(Buffer.from([0xff, 0xf3, 0x80, 0x64]))).toBe(208);
    expect(mpegFrameLength(Buffer.from([0xff, 0xfb, 0xf0, 0x64]))).toBe(0);
    expect(mpegFrameLength(Buffer.from('<htm'))).toBe(0);
  });

  it('accepts whole frames with or without ID3v2, and a trailing ID3v1 tag', async () => {
    expect(await inspect(testMp3())).toEqual({ format: 'mp3' });
    expect(await inspect(testMp3({ id3: false }))).toEqual({ format: 'mp3' });
    const v1 = Buffer.concat([testMp3(), Buffer.from('TAG'), Buffer.alloc(125)]);
    expect(await inspect(v1)).toEqual({ format: 'mp3' });
  });

  it.each([
    ['HTML after the last frame', Buffer.concat([testMp3(), HTML_TRAILER])],
    ['a cut-off last frame', testMp3().subarray(0, -10)],
    ['an ID3 tag followed by no frame', Buffer.concat([testMp3({ frames: 0 }), HTML_TRAILER])],
  ])('refuses %s as broken', async (_name, bytes) => {
    expect(await inspect(bytes)).toEqual({ problem: 'structure' });
  });
});

describe('not audio', () => {
  it.each([
    ['text', Buffer.from('x'.repeat(500))],
    ['HTML', HTML_TRAILER],
    ['nothing', Buffer.alloc(0)],
  ])('calls %s no audio at all', async (_name, bytes) => {
    expect(await inspect(bytes)).toEqual({ problem: 'type' });
  });
});

describe('reading from a file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tsunagu-audio-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('walks a file larger than its read window the same way', async () => {
    const path = join(dir, 'long.mp3');
    // About 400 KB of frames: several windows, frames straddling their edges.
    writeFileSync(path, testMp3({ frames: 1000 }));
    expect(await withFileSource(path, inspectAudio)).toEqual({ format: 'mp3' });
    writeFileSync(path, Buffer.concat([testMp3({ frames: 1000 }), HTML_TRAILER]));
    expect(await withFileSource(path, inspectAudio)).toEqual({ problem: 'structure' });
    const wav = join(dir, 'long.wav');
    writeFileSync(wav, Buffer.concat([sineWav({ seconds: 10 }), HTML_TRAILER]));
    expect(await withFileSource(wav, inspectAudio)).toEqual({ problem: 'structure' });
  });
});
