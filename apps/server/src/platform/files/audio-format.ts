import type { ByteSource } from './byte-source';
import { mp3Structure } from './mp3-structure';
import { wavStructure } from './wav-structure';

export type AudioFormat = 'wav' | 'mp3';

/** MIME type served for each stored format. */
export const AUDIO_MIME: Record<AudioFormat, string> = { wav: 'audio/wav', mp3: 'audio/mpeg' };

/**
 * What a file's content really is, judged from its bytes (never a name): a clean audio file of a format,
 * not audio at all ('type'), or audio whose structure does not account for every byte ('structure': bytes
 * after its end, a chunk or frame running past it) — the shape of a file with HTML or script appended.
 */
export type AudioInspection = { format: AudioFormat } | { problem: 'type' | 'structure' };

/**
 * Inspects the whole structure: a WAV's RIFF size must be the file size − 8 and every chunk lie inside it;
 * an MP3 must be its tags and whole frames, end to end.
 */
export async function inspectAudio(source: ByteSource): Promise<AudioInspection> {
  for (const [format, check] of [
    ['wav', wavStructure],
    ['mp3', mp3Structure],
  ] as const) {
    const verdict = await check(source);
    if (verdict === 'clean') return { format };
    if (verdict === 'broken') return { problem: 'structure' };
  }
  return { problem: 'type' };
}
