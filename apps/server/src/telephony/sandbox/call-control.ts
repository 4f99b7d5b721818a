/**
 * What a party does to a live call: hold, blind and attended transfer, DTMF — from its phone or from
 * the server.
 */
import { finalPlan, route } from '../routing';
import { HOLD_MUSIC, playback, type CallEnv } from './call-env';
import { run } from './call-flow';
import { routingNumber, type Leg } from './leg';
import { connect } from './media';

export type HoldAction = 'hold' | 'unhold' | 'toggleHold';

/** Holds or resumes a leg; its partner hears hold music meanwhile. Null when the leg is not up. */
export function hold(env: CallEnv, leg: Leg, action: HoldAction): 'held' | 'active' | null {
  const line = env.board.find(leg.domainName);
  if (leg.ended || leg.answeredAt === null || !line) return null;
  const held = action === 'hold' || (action === 'toggleHold' && leg.state !== 'HELD');
  leg.state = held ? 'HELD' : 'ACTIVE';
  // The holding browser mutes itself; the partner's page is told to play hold music.
  if (leg.peer) env.board.play(leg.peer, held ? playback(line, 'hold', HOLD_MUSIC, true) : null);
  env.board.changed(leg.domainName);
  return held ? 'held' : 'active';
}

/** Why a transfer did not happen. */
export type TransferRefusal = 'not-bridged' | 'slot-busy';

/**
 * Blind transfer: `mover` leaves its bridge (if any) and goes to `destination`, routed in the
 * tenant's context as if it had dialled it. A park slot (park+59NN, or a bare 59NN, which dialled
 * would retrieve) parks it; a taken slot refuses the transfer and changes nothing. The leg it was
 * bridged to is left unbridged for the caller to end (after replying, as mod_verto does).
 */
export async function transfer(
  env: CallEnv,
  mover: Leg,
  destination: string,
): Promise<TransferRefusal | null> {
  const { board } = env;
  const partner = mover.peer;
  const config = await env.configs.byDomainName(mover.domainName);
  const line = board.find(mover.domainName);
  // A leg still ringing somewhere belongs to its caller's flow, not to a transfer.
  if (!config || !line || mover.ended || mover.fork || mover.peer !== partner) return 'not-bridged';
  const plan = route(config, {
    dialled: destination,
    caller: routingNumber(mover),
    instant: board.now(),
    context: 'internal',
    random: env.random,
  });
  const final = finalPlan(plan);
  const slot = final.kind === 'park' || final.kind === 'retrieve' ? final.slot : null;
  if (slot !== null && line.parked[slot - 1] !== null) return 'slot-busy';
  if (partner) {
    partner.peer = null;
    mover.peer = null;
  }
  board.unpark(mover);
  if (slot !== null) {
    mover.flow?.abort();
    // As FreeSWITCH shows a parked channel (trial recording): its callee is the one who parked it.
    if (partner) mover.callee = partner.self;
    board.park(mover, slot);
    board.play(mover, playback(line, 'park', HOLD_MUSIC, true));
  } else {
    board.play(mover, null);
    mover.dest = destination;
    run(env, mover, config, line, plan);
  }
  board.changed(mover.domainName);
  return null;
}

/** The longest a transfer's relay keeps the engine's events waiting (a page that never answers). */
export const RELAY_FIRST_MAX_MS = 3_000;

/**
 * Attended transfer (verto.modify 'replace', as mod_verto's attended_transfer does once both calls are
 * answered): the far ends of one party's two calls are bridged to each other — the caller held on
 * `held` and the colleague consulted on `consult` — and the party's own two legs are left to end.
 * 'not-bridged' when either leg has nobody at its far end (still ringing, parked …); nothing changes then.
 */
export function joinFarEnds(env: CallEnv, held: Leg, consult: Leg): TransferRefusal | null {
  const [caller, colleague] = [held.peer, consult.peer];
  if (!caller || !colleague || caller === colleague || held.ended || consult.ended) return 'not-bridged';
  held.peer = consult.peer = caller.peer = colleague.peer = null;
  // The caller's hold music stops as it is linked; media follows (a fresh offer, answered by re-attach).
  const relay = connect(env.board, caller, colleague).catch(env.onError);
  // The relay goes first: the bookkeeping of the party's two legs, which end now, waits for it.
  env.board.events.deferWhile(relay, RELAY_FIRST_MAX_MS);
  return null;
}

/** DTMF pressed on a leg: read by the IVR it is in (bridged browsers send their own in-band). */
export function dtmf(leg: Leg, digits: string): void {
  leg.flow?.press(digits);
}
