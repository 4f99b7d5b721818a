import { z } from 'zod';

/**
 * What the built-in sandbox exchange adds to verto. Media flows peer to peer between browsers and
 * the sandbox only relays SDP, so it needs two things mod_verto never does: a fresh offer from a
 * call that is already up (to ring a new browser for it), and a way to tell a page what the
 * exchange would be playing to it (it has no media of its own). FreeSWITCH never sends either.
 */

/**
 * `sandbox.offer` (sandbox → client, params `{ callID }`): make a fresh SDP offer for this live
 * call on a new RTCPeerConnection and reply `{ method: 'sandbox.offer', sdp }`. The answer to it
 * arrives later as `verto.answer { callID, sdp }` on the same call (or `verto.bye`). A client that
 * cannot answers with error -32002; one that does not know the method acks `{ method }`, and the
 * call then goes on without media.
 */
export const SANDBOX_OFFER_METHOD = 'sandbox.offer';

/** Params of `sandbox.offer`. */
export const sandboxOfferParamsSchema = z.object({ callID: z.string() });

/** The client's reply to `sandbox.offer`. */
export const sandboxOfferResultSchema = z.object({
  method: z.literal(SANDBOX_OFFER_METHOD),
  /** A complete (non-trickle) SDP offer: its ICE candidates are inside it. */
  sdp: z.string().min(1),
});
export type SandboxOfferResult = z.infer<typeof sandboxOfferResultSchema>;

/** The `verto.event` channel on which the sandbox says what a call would be hearing. */
export const SANDBOX_AUDIO_CHANNEL = 'sandbox.audio';

/** Why something plays: an IVR prompt, an announcement, hold music while held or parked, … */
export const sandboxAudioKindSchema = z.enum([
  'greeting',
  'ivr',
  'invalid',
  'exit',
  'announcement',
  'voicemail',
  'hold',
  'park',
]);
export type SandboxAudioKind = z.infer<typeof sandboxAudioKindSchema>;

/**
 * `data` of a `verto.event` on {@link SANDBOX_AUDIO_CHANNEL}. `play` replaces whatever played on
 * the call; `stop` ends it (the call was answered, left the IVR, was unheld, …).
 */
export const sandboxAudioSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('play'),
    callID: z.string(),
    kind: sandboxAudioKindSchema,
    /** The tenant recording's file name, or a FreeSWITCH stock sound such as 'ivr/ivr-….wav'. */
    fileName: z.string(),
    /** Where the page can fetch the recording; null for stock sounds the console does not serve. */
    url: z.string().nullable(),
    /** Repeat until told to stop (hold and park music). */
    loop: z.boolean(),
  }),
  z.object({ action: z.literal('stop'), callID: z.string() }),
]);
export type SandboxAudio = z.infer<typeof sandboxAudioSchema>;

/**
 * Set in `variables` of a sandbox `verto.attach` that opens a listen-in (monitor, *33): its value
 * is the callID of this client's call being listened to. The page answers it with that call's
 * audio, send-only, and does not show it as a call of its own.
 */
export const SANDBOX_MONITOR_VARIABLE = 'sandbox_monitor';

/**
 * A caller page (the console's 模擬発信) logs in as `external:<number>@<domainName>` with the
 * console session token of an administrator of that tenant as the password; its calls are
 * routed as outside calls to the tenant's incoming numbers.
 */
export const SANDBOX_CALLER_PREFIX = 'external:';

/** The verto login of a caller page presenting `number` to the tenant `domainName`. */
export function sandboxCallerLogin(number: string, domainName: string): string {
  return `${SANDBOX_CALLER_PREFIX}${number}@${domainName}`;
}

/**
 * The `verto.event` channel on which the sandbox asks a caller's page to record what the caller says
 * (a voicemail box took the call, the tone has played). The sandbox has no media of its own, so the
 * page is the microphone: it sends the audio back with {@link SANDBOX_VOICEMAIL_METHOD} until the
 * call ends. FreeSWITCH never sends it: mod_voicemail records the call's own media.
 */
export const SANDBOX_RECORD_CHANNEL = 'sandbox.record';

/** `data` of a `verto.event` on {@link SANDBOX_RECORD_CHANNEL}. */
export const sandboxRecordSchema = z.object({
  callID: z.string(),
  /** Stop after this long; the exchange ends the call then. */
  maxSeconds: z.number(),
  /** What to send: 16-bit little-endian mono PCM at this rate. */
  sampleRate: z.number(),
});
export type SandboxRecord = z.infer<typeof sandboxRecordSchema>;

/**
 * `sandbox.voicemail` (client → sandbox): the next piece of the message being recorded on `callID`,
 * sent while the call lasts (the last piece before the client's verto.bye). The sandbox keeps the
 * pieces of a call it asked to record and refuses any other.
 */
export const SANDBOX_VOICEMAIL_METHOD = 'sandbox.voicemail';

/** At most this many bytes of PCM per piece (the verto socket takes frames of up to 256 KB). */
export const SANDBOX_VOICEMAIL_PIECE_BYTES = 64 * 1024;

/** Params of `sandbox.voicemail`. */
export const sandboxVoicemailParamsSchema = z.object({
  callID: z.string(),
  /** Base64 of the PCM piece. */
  pcm: z.base64().max(Math.ceil(SANDBOX_VOICEMAIL_PIECE_BYTES / 3) * 4),
});
