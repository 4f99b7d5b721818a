/**
 * Mixes audio tracks and streams into one new track (for a listen-in: both sides of the call).
 * Without WebAudio the first source is cloned instead. The result is always a new track, so
 * stopping it never stops the call it was taken from.
 */
export async function mixAudio(tracks: readonly MediaStreamTrack[], streams: readonly MediaStream[]) {
  const sources = [...tracks.map((t) => new MediaStream([t])), ...streams].filter(
    (s) => s.getAudioTracks().length > 0,
  );
  if (typeof AudioContext === 'undefined' || sources.length === 0) {
    return sources.slice(0, 1).flatMap((s) =>
      s
        .getAudioTracks()
        .slice(0, 1)
        .map((t) => t.clone()),
    );
  }
  const context = new AudioContext();
  const destination = context.createMediaStreamDestination();
  for (const stream of sources) context.createMediaStreamSource(stream).connect(destination);
  const [track] = destination.stream.getAudioTracks();
  if (!track) return [];
  // The mixing graph lives as long as the track.
  track.addEventListener('ended', () => void context.close());
  const stop = track.stop.bind(track);
  track.stop = () => {
    stop();
    void context.close();
  };
  return [track];
}
