/**
 * Ringing: a set of devices rings at once for a caller, each target for its own ring time; the
 * first to answer wins and the others get verto.bye LOSE_RACE, as a FreeSWITCH fork does.
 */
import type { CallEnv } from './call-env';
import type { CallFlow } from './flow';
import { newLeg, type CallInfo, type Device, type Fork, type Leg, type Party } from './leg';
import { awaitsAnswer, connect, deliverAnswer, offerOf, show } from './media';
import { FlowAborted } from './timers';

/** One party to ring on all of its devices. */
export interface RingTarget {
  /** The tenant extension rung, or null for a party outside. */
  extension: string | null;
  party: Party;
  devices: readonly Device[];
  ringMs: number;
}

/** How ringing ended: answered (and bridged to the caller), or why not. */
export type RingResult = { answered: Leg } | { answered: null; cause: string };

/** The causes a rung phone refuses a call with; anything else counts as not answering. */
const REJECTIONS = new Set(['USER_BUSY', 'CALL_REJECTED']);

export interface RingRequest {
  domainName: string;
  /** The leg ringing them, bridged to the winner; null for a click-to-call's first leg. */
  caller: Leg | null;
  call: CallInfo;
  /** What the rung phones show. */
  from: Party;
  /** The first leg of a click-to-call (the ring notice says so). */
  clickToCall?: boolean;
  flow: CallFlow;
}

/** Rings the targets; resolves when one answered or all gave up, rejects FlowAborted on abort. */
export async function ring(
  env: CallEnv,
  targets: readonly RingTarget[],
  request: RingRequest,
): Promise<RingResult> {
  const { caller, flow } = request;
  if (!targets.some((target) => target.devices.length > 0))
    return { answered: null, cause: 'USER_NOT_REGISTERED' };
  // Browsers need an offer to ring: the caller's own, or a fresh one from its browser when it is
  // already up; without either (a simulated caller) they ring with an empty one and no media.
  const needsOffer = caller?.device.media && targets.some((target) => target.devices.some((d) => d.media));
  const offer = needsOffer && caller ? ((await offerOf(caller)) ?? '') : '';
  flow.check();
  return new Promise<RingResult>((resolve, reject) => {
    const { board, schedule } = env;
    const cancels: (() => void)[] = [];
    const causes: string[] = [];
    const settle = (result: RingResult) => {
      for (const cancel of cancels) cancel();
      flow.signal.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const fork: Fork = {
      legs: new Set(),
      answered(winner, sdp) {
        if (winner.fork !== fork) return;
        winner.fork = null;
        fork.legs.delete(winner);
        for (const loser of [...fork.legs]) {
          loser.fork = null;
          board.end(loser, 'LOSE_RACE');
        }
        fork.legs.clear();
        if (caller) bridgeAnswered(env, caller, winner, sdp);
        else {
          winner.state = 'ACTIVE';
          winner.answeredAt = board.now();
          board.changed(winner.domainName);
        }
        settle({ answered: winner });
      },
      ended(leg, cause) {
        if (!fork.legs.delete(leg)) return;
        causes.push(cause);
        if (fork.legs.size > 0) return;
        const refused = causes.every((c) => REJECTIONS.has(c));
        settle({ answered: null, cause: refused ? (causes[0] as string) : 'NO_ANSWER' });
      },
      pickUp(picker) {
        if (!caller || fork.legs.size === 0) return false;
        for (const leg of [...fork.legs]) {
          leg.fork = null;
          board.end(leg, 'PICKED_OFF');
        }
        fork.legs.clear();
        caller.application = 'bridge';
        picker.application = 'bridge';
        picker.retrieved = { party: caller.self, outside: caller.extension === null };
        // The caller's unanswered offer (or, from an up call, a fresh one) is answered by the picker.
        connect(board, caller, picker).catch(env.onError);
        settle({ answered: picker });
        return true;
      },
    };
    const onAbort = () => {
      for (const cancel of cancels) cancel();
      for (const leg of [...fork.legs]) {
        leg.fork = null;
        board.end(leg, 'ORIGINATOR_CANCEL');
      }
      fork.legs.clear();
      reject(new FlowAborted());
    };
    flow.signal.addEventListener('abort', onAbort, { once: true });

    const rung: [Leg, RingTarget][] = [];
    for (const target of targets) {
      const legs = target.devices.map((device) => {
        const leg = newLeg({
          uuid: env.newId(),
          domainName: request.domainName,
          device,
          call: request.call,
          direction: 'outbound',
          extension: target.extension,
          destinationNumber: target.party.number,
          startedAt: board.now(),
          self: target.party,
          caller: request.from,
          callee: target.party,
          dest: target.party.number,
        });
        leg.fork = fork;
        fork.legs.add(leg);
        rung.push([leg, target]);
        return leg;
      });
      cancels.push(
        schedule(() => {
          for (const leg of legs) if (leg.fork === fork) board.end(leg, 'NO_ANSWER');
        }, target.ringMs),
      );
    }
    ringAll(env, rung, request, offer);
  });
}

/** Adds the legs to the exchange, sends the ring notices, then rings every device. */
function ringAll(env: CallEnv, rung: [Leg, RingTarget][], request: RingRequest, offer: string): void {
  const noticed = new Set<RingTarget>();
  for (const [leg] of rung) env.board.addLeg(leg);
  for (const [leg, target] of rung) {
    if (target.extension === null || noticed.has(target)) continue;
    noticed.add(target);
    env.board.events.emit('ring', {
      domainName: leg.domainName,
      extension: target.extension,
      callId: leg.uuid,
      callerName: request.from.name,
      callerNumber: request.from.number,
      clickToCall: request.clickToCall ?? false,
    });
  }
  // A device may end its leg while being rung (a closed socket): later ones still ring.
  for (const [leg] of rung) if (leg.fork && !leg.ended) leg.device.ring(leg, offer, request.from);
}

/** Bridges the caller to the phone that answered and hands it the answer to its offer. */
function bridgeAnswered(env: CallEnv, caller: Leg, winner: Leg, sdp: string | null): void {
  const waiting = awaitsAnswer(caller);
  env.board.link(caller, winner);
  caller.application = 'bridge';
  if (waiting) deliverAnswer(caller, sdp);
  // As FreeSWITCH 1.11.1 does once a call is answered (trial recording): each side is told who the
  // other is — the member who took it, and the caller as the member was shown it.
  show(caller, winner.self);
  show(winner, winner.caller);
}
