/**
 * A greeting recorded in the browser: MediaRecorder takes the microphone in the browser's own format
 * (WebM/Opus in Chromium), which is then decoded and written as the 16-bit mono 8 kHz WAV both
 * engines play (the upload is checked like any other WAV).
 */
const GREETING_RATE = 8000;

/** 16-bit PCM WAV of mono samples. */
export function wavOf(samples: Float32Array, sampleRate: number): Uint8Array {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const text = (at: number, value: string) =>
    [...value].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  samples.forEach((sample, i) =>
    view.setInt16(44 + i * 2, Math.round(Math.max(-1, Math.min(1, sample)) * 0x7fff), true),
  );
  return bytes;
}

/** The recording as a WAV file, resampled to the greeting rate. */
async function toWavFile(recorded: Blob): Promise<File> {
  const context = new AudioContext();
  try {
    const decoded = await context.decodeAudioData(await recorded.arrayBuffer());
    const frames = Math.max(1, Math.ceil(decoded.duration * GREETING_RATE));
    const offline = new OfflineAudioContext(1, frames, GREETING_RATE);
    const source = offline.createBufferSource();
    source.buffer = decoded;
    source.connect(offline.destination);
    source.start();
    const rendered = await offline.startRendering();
    const wav = wavOf(rendered.getChannelData(0), GREETING_RATE);
    return new File([wav.buffer as ArrayBuffer], 'greeting-recorded.wav', { type: 'audio/wav' });
  } finally {
    void context.close().catch(() => undefined);
  }
}

/** A running recording: `stop` ends it and resolves with the WAV file. */
export interface GreetingRecording {
  stop(): Promise<File>;
  cancel(): void;
}

/** Starts recording the microphone; rejects when it cannot be used. */
export async function recordGreeting(): Promise<GreetingRecording> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const release = () => stream.getTracks().forEach((track) => track.stop());
  const recorder = new MediaRecorder(stream);
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  recorder.start();
  return {
    stop: () =>
      new Promise<File>((resolve, reject) => {
        recorder.onstop = () => {
          release();
          toWavFile(new Blob(chunks, { type: recorder.mimeType })).then(resolve, reject);
        };
        recorder.stop();
      }),
    cancel: () => {
      recorder.onstop = release;
      if (recorder.state !== 'inactive') recorder.stop();
      else release();
    },
  };
}
