import { SANDBOX_VOICEMAIL_PIECE_BYTES } from '@tsunagu/contract/verto/sandbox';

/**
 * What the caller says into a sandbox voicemail box: the sandbox has no media of its own, so the
 * calling page records its microphone (the audio the call sends) as 16-bit mono PCM at the rate the
 * sandbox asks for and hands each second to `send`; `stop` sends the rest at once, before the page
 * hangs up. FreeSWITCH never asks: mod_voicemail records the call itself.
 */
export class VoicemailRecorder {
  readonly #context: AudioContext;
  readonly #nodes: AudioNode[] = [];
  readonly #send: (pcm: Uint8Array) => void;
  readonly #rate: number;
  #samples: number[] = [];
  #stopped = false;

  constructor(tracks: readonly MediaStreamTrack[], sampleRate: number, send: (pcm: Uint8Array) => void) {
    this.#send = send;
    this.#rate = sampleRate;
    this.#context = new AudioContext();
    const source = this.#context.createMediaStreamSource(new MediaStream([...tracks]));
    // ScriptProcessor runs on every browser without a worklet module (which the page's CSP would need
    // a script URL for); it only fires while connected, so it feeds a muted gain.
    const processor = this.#context.createScriptProcessor(4096, 1, 1);
    const mute = this.#context.createGain();
    mute.gain.value = 0;
    processor.onaudioprocess = (event) => this.#take(event.inputBuffer.getChannelData(0));
    source.connect(processor);
    processor.connect(mute);
    mute.connect(this.#context.destination);
    this.#nodes.push(source, processor, mute);
  }

  /** Downsamples (averaging each group of input samples) and sends whole seconds. */
  #take(input: Float32Array): void {
    if (this.#stopped) return;
    const step = this.#context.sampleRate / this.#rate;
    for (let at = 0; at + step <= input.length; at += step) {
      let sum = 0;
      const end = Math.floor(at + step);
      for (let i = Math.floor(at); i < end; i++) sum += input[i] ?? 0;
      this.#samples.push(sum / Math.max(1, end - Math.floor(at)));
    }
    if (this.#samples.length >= this.#rate) this.#flush();
  }

  #flush(): void {
    const max = SANDBOX_VOICEMAIL_PIECE_BYTES / 2;
    while (this.#samples.length > 0) {
      const piece = this.#samples.splice(0, max);
      const bytes = new Uint8Array(piece.length * 2);
      const view = new DataView(bytes.buffer);
      piece.forEach((sample, i) => {
        const clamped = Math.max(-1, Math.min(1, sample));
        view.setInt16(i * 2, Math.round(clamped * 0x7fff), true);
      });
      this.#send(bytes);
    }
  }

  /** Sends what is left and lets the microphone go. */
  stop(): void {
    if (this.#stopped) return;
    this.#flush();
    this.#stopped = true;
    for (const node of this.#nodes) node.disconnect();
    void this.#context.close().catch(() => undefined);
  }
}

/** Base64 of bytes (the sandbox.voicemail piece). */
export function base64Of(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}
