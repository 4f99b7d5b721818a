import { useEffect, useRef } from 'react';
import { recordingsJa } from './recordings.ja';

/** What the player holds: the fetched audio and its name. */
export interface PlayerTrack {
  blob: Blob;
  name: string;
}

/** The audio player above the grid; it starts each new track and frees the previous one's memory. */
export function RecordingPlayer({ track }: { track: PlayerTrack | null }) {
  const audio = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const element = audio.current;
    if (!track || !element) return;
    const url = URL.createObjectURL(track.blob);
    element.src = url;
    // Autoplay may be refused; the controls still let the user start it.
    element.play().catch(() => undefined);
    return () => {
      element.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [track]);
  return (
    <audio
      ref={audio}
      controls
      aria-label={track ? `${recordingsJa.player}: ${track.name}` : recordingsJa.player}
      style={{ width: '100%', maxWidth: 480, height: 36 }}
    />
  );
}
