/**
 * Feature codes on someone else's call: taking a parked call (59NN), listening in on an extension's
 * call (*33<ext>) and picking up the call ringing an extension (*8<ext>).
 */
import { SANDBOX_MONITOR_VARIABLE } from '@tsunagu/contract';
import type { CallEnv } from './call-env';
import type { Leg } from './leg';
import { connect, deliverAnswer, offerOf } from './media';
import type { TenantLine } from './switchboard';

/** Bridges the leg with the call waiting in the slot; an empty slot ends the leg. */
export async function retrieve(env: CallEnv, line: TenantLine, x: Leg, slot: number): Promise<void> {
  const parked = line.parked[slot - 1];
  if (!parked) return env.board.end(x, 'UNALLOCATED_NUMBER');
  env.board.unpark(parked);
  x.application = 'bridge';
  parked.application = 'bridge';
  parked.dest = x.self.number;
  x.retrieved = { party: parked.self, outside: parked.extension === null };
  await connect(env.board, x, parked);
}

/**
 * Takes the oldest call ringing the extension, as FreeSWITCH's intercept does; with none (nobody rings
 * it, or only its own click-to-call), the picker's call ends.
 */
export function pickUp(env: CallEnv, line: TenantLine, x: Leg, extension: string): void {
  for (const leg of line.legs.values()) {
    if (leg.extension === extension && !leg.ended && leg.fork?.pickUp(x)) return;
  }
  env.board.end(x, 'NORMAL_CLEARING');
}

/**
 * Listen-only monitoring. With peer-to-peer media the exchange cannot mix audio, so the monitored
 * call's browser (the extension's, else its partner's) is sent the monitor's offer in a verto.attach
 * on a new callID marked `sandbox_monitor`: the page answers it with that call's audio, send-only.
 * The monitor ends with the monitored leg; a phone without media leaves the monitor silent.
 */
export async function monitor(env: CallEnv, line: TenantLine, m: Leg, extension: string): Promise<void> {
  const { board } = env;
  const target = [...line.legs.values()].find(
    (leg) => leg.extension === extension && leg.peer !== null && leg.monitoring === null && !leg.ended,
  );
  if (!target) return board.end(m, 'NORMAL_CLEARING');
  m.application = 'eavesdrop';
  m.monitoring = { target, tap: null };
  target.monitors.add(m);
  board.changed(m.domainName);

  const source = [target, target.peer].find((leg) => leg?.device.media) ?? null;
  let answer: string | null = null;
  if (source && m.device.media) {
    const offer = await offerOf(m);
    if (offer !== null && live(m)) {
      const callID = env.newId();
      m.monitoring.tap = { device: source.device, callID };
      line.taps.set(callID, m);
      answer = await source.device.attach(callID, offer, m.self, { [SANDBOX_MONITOR_VARIABLE]: source.uuid });
    }
  }
  if (!live(m)) return;
  const waiting = m.answeredAt === null;
  m.state = 'ACTIVE';
  m.answeredAt ??= board.now();
  m.callee = target.self;
  if (waiting || m.offer !== null) deliverAnswer(m, answer);
  board.changed(m.domainName);
}

function live(m: Leg): m is Leg & { monitoring: NonNullable<Leg['monitoring']> } {
  return !m.ended && m.monitoring !== null;
}
