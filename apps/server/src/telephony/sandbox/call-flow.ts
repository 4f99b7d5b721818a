/**
 * Runs what routing decided for a leg. Every decision comes from `route()` (telephony/routing);
 * this file only performs plans: ring, play, wait for digits, hand over to park and monitor.
 */
import {
  route,
  type IvrPlan,
  type MailboxPlan,
  type OutboundPlan,
  type RingGroupPlan,
  type RingTarget as RoutedTarget,
  type RoutePlan,
  type TenantConfig,
} from '../routing';
import { isOutOfHoursCondition, VOICEMAIL_MAX_MESSAGE_SECONDS } from '@tsunagu/contract';
import {
  boxGreeting,
  HOLD_MUSIC,
  playback,
  VOICEMAIL_PROMPT,
  VOICEMAIL_STANDARD_GREETING,
  VOICEMAIL_TONE,
  VOICEMAIL_TONE_MS,
  type CallEnv,
} from './call-env';
import { CallFlow } from './flow';
import { routingNumber, type Device, type Leg } from './leg';
import { monitor, pickUp, retrieve } from './park-and-monitor';
import { ring, type RingTarget } from './ringing';
import type { TenantLine } from './switchboard';
import { FlowAborted, sleep } from './timers';

/** One flow's surroundings. */
interface FlowContext {
  env: CallEnv;
  config: TenantConfig;
  line: TenantLine;
  flow: CallFlow;
}

/** Routes what a leg dialled (in the tenant's context, or the public one for outside callers) and runs it. */
export async function dial(
  env: CallEnv,
  leg: Leg,
  dialled: string,
  context: 'internal' | 'public',
): Promise<void> {
  const config = await env.configs.byDomainName(leg.domainName);
  const line = env.board.find(leg.domainName);
  if (leg.ended) return;
  if (!config || !line) return env.board.end(leg, 'NO_ROUTE_DESTINATION');
  const caller = context === 'public' ? leg.self.number : routingNumber(leg);
  const plan = route(config, { dialled, caller, instant: env.board.now(), context, random: env.random });
  run(env, leg, config, line, plan);
}

/** Runs a plan for a leg, replacing whatever flow it ran. */
export function run(env: CallEnv, leg: Leg, config: TenantConfig, line: TenantLine, plan: RoutePlan): void {
  leg.flow?.abort();
  const flow = new CallFlow();
  leg.flow = flow;
  perform({ env, config, line, flow }, leg, plan)
    .catch((error: unknown) => {
      if (error instanceof FlowAborted) return;
      env.onError(error);
      env.board.end(leg, 'NORMAL_CLEARING');
    })
    .finally(() => {
      if (leg.flow === flow) leg.flow = null;
    });
}

async function perform(ctx: FlowContext, x: Leg, plan: RoutePlan): Promise<void> {
  const { board, timings } = ctx.env;
  switch (plan.kind) {
    case 'incoming':
      // The incoming number's display name goes before the caller's (FusionPBX: 'prefix#name').
      if (plan.callerIdNamePrefix) {
        const name = x.self.name ? `${plan.callerIdNamePrefix}#${x.self.name}` : plan.callerIdNamePrefix;
        x.self = x.caller = { ...x.self, name };
      }
      if (isOutOfHoursCondition(plan.conditionType)) x.outOfHours = true;
      return perform(ctx, x, plan.then);
    case 'transfer':
      x.dest = plan.number;
      board.changed(x.domainName);
      return perform(ctx, x, plan.then);
    case 'hangup':
      return board.end(x, plan.cause);
    case 'extension': {
      const result = await ringTargets(ctx, x, [extensionTarget(ctx, plan.target)]);
      if (result.answered) return;
      // A phone that refused the call (busy, rejected) is what the caller hears about, unless its box takes it.
      if (result.cause === 'USER_BUSY' || result.cause === 'CALL_REJECTED') {
        return plan.onBusy ? perform(ctx, x, plan.onBusy) : board.end(x, result.cause);
      }
      // Only refusals go to a box that takes busy calls alone (as the FreeSWITCH dialplan does).
      if (plan.onBusy && plan.onNoAnswer !== plan.onBusy) return board.end(x, result.cause);
      // A plain "no answer" passes on why (no phone connected: USER_NOT_REGISTERED), as on FreeSWITCH.
      if (plan.onNoAnswer.kind === 'hangup' && plan.onNoAnswer.reason === 'no-answer')
        return board.end(x, result.cause);
      return perform(ctx, x, plan.onNoAnswer);
    }
    case 'ringGroup':
      if (await ringGroup(ctx, x, plan)) return;
      return perform(ctx, x, plan.onNoAnswer);
    case 'ivr':
      return ivr(ctx, x, plan);
    case 'announce':
      early(ctx, x, 'playback');
      board.play(x, playback(ctx.line, 'announcement', plan.file));
      await sleep(ctx.env.schedule, timings.playbackMs, ctx.flow.signal);
      return board.end(x, 'NORMAL_CLEARING');
    case 'voicemail':
      if (plan.email) x.voicemail = { email: plan.email, startedAt: board.now() };
      early(ctx, x, 'voicemail');
      board.play(x, playback(ctx.line, 'voicemail', plan.announcement ?? VOICEMAIL_PROMPT));
      await sleep(ctx.env.schedule, timings.voicemailMs, ctx.flow.signal);
      return board.end(x, 'NORMAL_CLEARING');
    case 'mailbox':
      return mailbox(ctx, x, plan);
    case 'outbound':
      return outbound(ctx, x, plan);
    case 'park':
      if (!board.park(x, plan.slot)) return board.end(x, 'USER_BUSY');
      board.play(x, playback(ctx.line, 'park', HOLD_MUSIC, true));
      return;
    case 'retrieve':
      return retrieve(ctx.env, ctx.line, x, plan.slot);
    case 'monitor':
      return monitor(ctx.env, ctx.line, x, plan.extension);
    case 'pickup':
      return pickUp(ctx.env, ctx.line, x, plan.extension);
  }
}

/** A group's greeting plays, then its members ring together, or one by one in order. */
async function ringGroup(ctx: FlowContext, x: Leg, plan: RingGroupPlan): Promise<boolean> {
  // Before ringing: a caller who gives up while it rings has missed the group too (see callRecord).
  if (plan.missedCallEmail) {
    x.missedCallGroup = { email: plan.missedCallEmail, groupName: plan.name, groupNumber: plan.number };
  }
  if (plan.greeting) ctx.env.board.play(x, playback(ctx.line, 'greeting', plan.greeting));
  const targets = plan.members.map((member) => extensionTarget(ctx, member));
  if (!plan.sequential) return (await ringTargets(ctx, x, targets)).answered !== null;
  for (const target of targets) {
    if ((await ringTargets(ctx, x, [target])).answered) return true;
  }
  return false;
}

/**
 * An IVR menu with FreeSWITCH's ivr.conf behaviour: the greeting plays, a choice's digit routes
 * its number in the tenant's context, a wrong digit plays the invalid sound and a silence counts as
 * a timeout; either replays the greeting until the limits, then the exit sound and the hang-up.
 */
async function ivr(ctx: FlowContext, x: Leg, plan: IvrPlan): Promise<void> {
  const { env, flow, line } = ctx;
  const { board, schedule, timings } = env;
  const { settings } = plan;
  early(ctx, x, 'ivr');
  flow.clearDigits();
  let failures = 0;
  let timeouts = 0;
  while (failures < settings.maxFailures && timeouts < settings.maxTimeouts) {
    board.play(x, playback(line, 'ivr', plan.greeting));
    // The sandbox cannot hear the greeting end: the wait counts from its start, plus its assumed length.
    const digit = await flow.nextDigit(schedule, timings.playbackMs + settings.timeoutMs);
    if (digit === null) {
      timeouts++;
      continue;
    }
    const choice = plan.choices.find((c) => c.digit === digit);
    if (choice) {
      board.play(x, null);
      x.application = 'bridge';
      const next = route(ctx.config, {
        dialled: choice.number,
        caller: routingNumber(x),
        instant: board.now(),
        context: 'internal',
        random: env.random,
      });
      return perform(ctx, x, next);
    }
    failures++;
    board.play(x, playback(line, 'invalid', settings.invalidSound));
    await sleep(schedule, timings.stockSoundMs, flow.signal);
  }
  board.play(x, playback(line, 'exit', settings.exitSound));
  await sleep(schedule, timings.stockSoundMs, flow.signal);
  board.end(x, plan.onExit.cause);
}

/**
 * An extension's voicemail box, as mod_voicemail takes a message: the greeting, the tone, then what
 * the caller says until they hang up or the longest message is reached. The caller's page records
 * (the sandbox has no media); the switchboard keeps the message when the leg ends.
 */
async function mailbox(ctx: FlowContext, x: Leg, plan: MailboxPlan): Promise<void> {
  const { board, schedule, timings } = ctx.env;
  early(ctx, x, 'voicemail');
  if (plan.greeting) {
    board.play(x, boxGreeting(ctx.line, plan.extension, plan.greeting));
    await sleep(schedule, timings.playbackMs, ctx.flow.signal);
  } else {
    board.play(x, playback(ctx.line, 'voicemail', VOICEMAIL_STANDARD_GREETING));
    await sleep(schedule, timings.stockSoundMs, ctx.flow.signal);
  }
  board.play(x, playback(ctx.line, 'voicemail', VOICEMAIL_TONE));
  await sleep(schedule, VOICEMAIL_TONE_MS, ctx.flow.signal);
  board.play(x, null);
  x.recording = { extension: plan.extension, startedAt: board.now(), pieces: [], bytes: 0 };
  x.device.record?.(x.uuid, VOICEMAIL_MAX_MESSAGE_SECONDS);
  await sleep(schedule, VOICEMAIL_MAX_MESSAGE_SECONDS * 1000, ctx.flow.signal);
  board.end(x, 'NORMAL_CLEARING');
}

/** A call out through a line: a caller page presenting the number rings, else a simulated phone. */
async function outbound(ctx: FlowContext, x: Leg, plan: OutboundPlan): Promise<void> {
  const { env, line } = ctx;
  if (x.call.direction === 'local') x.call.direction = 'outbound';
  const pages = line.callerPages.get(plan.number);
  const devices = pages?.size ? [...pages] : [env.outsideParty()];
  const target: RingTarget = {
    extension: null,
    party: { name: '', number: plan.number },
    devices,
    ringMs: env.timings.outsideRingMs,
  };
  const from = { name: x.self.name, number: plan.callerIdNumber };
  const result = await ringTargets(ctx, x, [target], from);
  if (!result.answered) env.board.end(x, result.cause);
}

function ringTargets(ctx: FlowContext, x: Leg, targets: RingTarget[], from = x.self) {
  if (x.answeredAt === null && x.state === 'EARLY') x.state = 'RINGING';
  x.application = 'bridge';
  ctx.env.board.changed(x.domainName);
  return ring(ctx.env, targets, { domainName: x.domainName, caller: x, call: x.call, from, flow: ctx.flow });
}

/** The devices an extension rings on: its logged-in browsers (unless the plan says desk phones only) and its desk phone. */
function extensionTarget(ctx: FlowContext, target: RoutedTarget): RingTarget {
  const devices: Device[] = [];
  if (target.webPhones) devices.push(...(ctx.line.browsers.get(target.extension) ?? []));
  if (ctx.config.extensions.get(target.extension)?.phoneType === 'phone') {
    devices.push(ctx.env.deskPhone(ctx.line, target.extension));
  }
  return {
    extension: target.extension,
    party: { name: target.name, number: target.extension },
    devices,
    ringMs: target.ringSeconds * 1000,
  };
}

/** The exchange plays to the leg itself: an unanswered caller hears it as early media. */
function early(ctx: FlowContext, x: Leg, application: string): void {
  if (x.answeredAt === null) x.state = 'EARLY';
  x.application = application;
  ctx.env.board.changed(x.domainName);
}
