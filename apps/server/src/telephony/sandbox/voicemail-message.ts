/**
 * A message a caller left in a voicemail box, as the sandbox keeps it: the PCM pieces the caller's
 * page sent, made into the 16-bit mono WAV mod_voicemail would have written.
 */
import { VOICEMAIL_MIN_MESSAGE_SECONDS, VOICEMAIL_SAMPLE_RATE } from '@tsunagu/contract';
import type { VoicemailDeposit } from '../engine';
import type { Leg } from './leg';

const BYTES_PER_SECOND = VOICEMAIL_SAMPLE_RATE * 2;

/** A WAV file (RIFF, PCM format 1) holding the samples. */
export function pcmWav(pcm: Buffer, sampleRate = VOICEMAIL_SAMPLE_RATE): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

/** The most PCM one message may hold (the longest message mod_voicemail takes). */
export const maxMessageBytes = (maxSeconds: number) => maxSeconds * BYTES_PER_SECOND;

/**
 * The deposit an ended leg leaves, or null when it recorded nothing worth keeping: shorter than
 * mod_voicemail's shortest message (a caller hanging up at the tone), like FreeSWITCH discards it.
 */
export function voicemailDeposit(leg: Leg): VoicemailDeposit | null {
  const recording = leg.recording;
  if (!recording) return null;
  // Whole samples only: a piece cut mid-sample would shift every later one.
  const pcm = Buffer.concat(recording.pieces);
  const whole = pcm.subarray(0, pcm.length - (pcm.length % 2));
  const durationMs = Math.round((whole.length / BYTES_PER_SECOND) * 1000);
  if (durationMs < VOICEMAIL_MIN_MESSAGE_SECONDS * 1000) return null;
  return {
    domainName: leg.domainName,
    extension: recording.extension,
    sourceId: leg.uuid,
    callerNumber: leg.self.number,
    callerName: leg.self.name,
    receivedAt: recording.startedAt,
    durationMs,
    audio: { kind: 'wav', bytes: pcmWav(whole) },
  };
}
