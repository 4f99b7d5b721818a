import { useEffect, useState } from 'react';
import { getSoftphone } from '../../phone/browser';
import type { SoftphoneState } from '../../phone/softphone';
import { useStore } from '../../shared/store/create-store';

/** The softphone's state in a component. */
export function useSoftphoneState(): SoftphoneState {
  return useStore(getSoftphone().store);
}

/** The time now, ticking every second while `running`. */
export function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}
