/**
 * Moving SDP between legs. The sandbox never touches media: browsers talk peer to peer, so joining
 * two legs means getting an offer from one and an answer from the other.
 *
 * - A leg that dialled holds its own unanswered offer until someone answers it (verto.answer).
 * - A leg that is already up has no usable offer any more: it is asked for a fresh one
 *   (sandbox.offer) when a browser must ring for it, or it is sent the other side's offer with
 *   verto.attach (answered, as verto.js does, with a client verto.attach carrying the answer).
 * - Legs on simulated phones have no media: their partners are answered without SDP.
 */
import type { Leg, Party } from './leg';
import type { Switchboard } from './switchboard';

/** The offer a leg can give now: its pending one, or a fresh one from its browser; null if none. */
export async function offerOf(leg: Leg): Promise<string | null> {
  if (leg.offer !== null) return leg.offer;
  if (!leg.device.media || leg.ended) return null;
  const fresh = await leg.device.offer(leg.uuid);
  // Kept until answered: a rollover group rings member after member with the same offer.
  if (fresh !== null && !leg.ended) leg.offer = fresh;
  return fresh;
}

/** Whether a leg's own client still waits for the answer to a call it placed (or to its fresh offer). */
export function awaitsAnswer(leg: Leg): boolean {
  return leg.offer !== null || leg.answeredAt === null;
}

/** Sends a leg the answer to its offer (none when its partner has no media) and forgets the offer. */
export function deliverAnswer(leg: Leg, sdp: string | null): void {
  if (leg.ended) return;
  leg.device.answered(leg, leg.offer !== null ? sdp : null);
  leg.offer = null;
}

/**
 * Bridges two live legs that are not ringing (a parked call and the one retrieving it, …): the
 * one with a pending offer offers, else `caller` is asked for a fresh offer, and the other answers
 * it through verto.attach. Each sees the other in verto.display.
 */
export async function connect(board: Switchboard, caller: Leg, callee: Leg): Promise<void> {
  const waiting = [caller, callee].filter(awaitsAnswer);
  board.link(caller, callee);
  const [offerer, answerer] =
    callee.offer !== null && caller.offer === null ? [callee, caller] : [caller, callee];
  let answer: string | null = null;
  let attached = false;
  if (offerer.device.media && answerer.device.media) {
    const offer = await offerOf(offerer);
    if (offer !== null && bridged(caller, callee)) {
      answer = await answerer.device.attach(answerer.uuid, offer, offerer.self);
      // The attach replaced whatever the answerer had offered itself: its client is answered.
      answerer.offer = null;
      attached = true;
    }
  }
  if (!bridged(caller, callee)) return;
  const answered = new Set<Leg>();
  if (offerer.offer !== null) {
    deliverAnswer(offerer, answer);
    answered.add(offerer);
  }
  if (attached) answered.add(answerer);
  for (const leg of waiting) if (!answered.has(leg)) deliverAnswer(leg, null);
  show(caller, callee.self);
  show(callee, caller.self);
}

/** Tells a leg's device who its far end is now. */
export function show(leg: Leg, party: Party): void {
  if (!leg.ended) leg.device.display(leg.uuid, party);
}

function bridged(a: Leg, b: Leg): boolean {
  return !a.ended && !b.ended && a.peer === b;
}
