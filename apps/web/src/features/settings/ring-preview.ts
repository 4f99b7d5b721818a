import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a ringtone preview plays (spec 9 "Other sounds"). */
export const PREVIEW_MS = 5_000;

/** Plays a ringtone for 5 seconds at a volume (%), looping a shorter file; one preview at a time. */
export function useRingPreview(): {
  playing: boolean;
  play: (url: string, volume: number) => void;
  stop: () => void;
} {
  const audio = useRef<HTMLAudioElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [playing, setPlaying] = useState(false);

  const stop = useCallback(() => {
    clearTimeout(timer.current);
    audio.current?.pause();
    audio.current = null;
    setPlaying(false);
  }, []);

  const play = useCallback(
    (url: string, volume: number) => {
      stop();
      const sound = new Audio(url);
      sound.loop = true;
      sound.volume = volume / 100;
      audio.current = sound;
      setPlaying(true);
      sound.play()?.catch((error: unknown) => {
        console.error('ringtone preview', error);
        stop();
      });
      timer.current = setTimeout(stop, PREVIEW_MS);
    },
    [stop],
  );

  useEffect(() => stop, [stop]);
  return { playing, play, stop };
}
