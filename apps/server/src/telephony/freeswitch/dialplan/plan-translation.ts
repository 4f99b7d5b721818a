/**
 * Route plans in FreeSWITCH's terms: one function per plan kind, each doing in FreeSWITCH what the
 * sandbox does for that kind (telephony/sandbox/call-flow.ts). Plans decide; this only performs.
 */
import type {
  AnnouncePlan,
  HangupPlan,
  IncomingPlan,
  IvrPlan,
  MailboxPlan,
  MonitorPlan,
  OutboundPlan,
  PickupPlan,
  ParkPlan,
  RetrievePlan,
  RingExtensionPlan,
  RingGroupPlan,
  RoutePlan,
  TransferPlan,
  VoicemailPlan,
} from '../../routing';
import { isOutOfHoursCondition } from '@tsunagu/contract';
import { CALL_MODEL_VARIABLES, RING_GROUP_VARIABLES } from '../cdr/json-cdr';
import { bridgeTargets, longestRing } from './bridge';
import { ivrMenuName } from './ivr-menu';
import { action, guard, plain, run, sequence, type Translation } from './translation';

/** What translating needs beyond the plan. */
export interface TranslationContext {
  domainName: string;
  /** 'internal': dialled by an extension; 'public': an outside call to an incoming number. */
  context: 'internal' | 'public';
  /** Where FreeSWITCH plays a tenant recording from, or null when the tenant has no such file. */
  media(file: string): string | null;
  /** The channel to listen to when monitoring the extension, or null when it is on no call. */
  monitorTarget(extension: string): string | null;
  /** The calling leg of the call ringing the extension (to pick up), or null when nothing rings it. */
  pickupTarget(extension: string): string | null;
  /** Where FreeSWITCH reads a file of the tenant's storage by its stored name (a box's own greeting). */
  storedFile?(storageName: string): string | null;
}

/**
 * Causes after which a rung extension's no-answer action follows. A busy or rejecting phone is what
 * the caller hears about instead (FreeSWITCH then hangs up with that cause), as in the sandbox.
 */
const NOT_ANSWERED = [
  'NO_ANSWER',
  'NO_USER_RESPONSE',
  'USER_NOT_REGISTERED',
  'SUBSCRIBER_ABSENT',
  'ALLOTTED_TIMEOUT',
  'RECOVERY_ON_TIMER_EXPIRE',
  'NORMAL_TEMPORARY_FAILURE',
  'DESTINATION_OUT_OF_ORDER',
  'NETWORK_OUT_OF_ORDER',
].join(',');

const VOICEMAIL_PROMPT = 'voicemail/vm-record_message.wav';
const BEEP = 'tone_stream://%(500,0,1000)';
/** A message may last three minutes; five silent seconds end it. */
const VOICEMAIL_RECORD = '180 200 5';

/** A recording played once, when the tenant has it. */
function playback(file: string | null, ctx: TranslationContext): Translation {
  const path = file ? ctx.media(file) : null;
  return path ? run(action('playback', path)) : run();
}

function hangupPlan(plan: HangupPlan): Translation {
  return run(action('hangup', plan.cause));
}

/**
 * What follows an extension that did not answer. A plain "no answer" hang-up passes on why the bridge
 * failed (`originate_disposition`, expanded when the hang-up runs: NO_ANSWER after the ring time,
 * USER_NOT_REGISTERED when no phone of the extension is connected), so the caller can be told which.
 */
function afterExtension(plan: RingExtensionPlan, ctx: TranslationContext): Translation {
  const { onNoAnswer } = plan;
  if (onNoAnswer.kind === 'hangup' && onNoAnswer.reason === 'no-answer')
    return run(action('hangup', '${originate_disposition}'));
  return translatePlan(onNoAnswer, ctx);
}

/** Causes of a phone that refused the call: busy (every line taken) or rejected. */
const REFUSED = ['USER_BUSY', 'CALL_REJECTED'].join(',');

/**
 * What a failed bridge goes on to: the no-answer action after the not-answered causes, and the box
 * after a refusal when it takes busy calls. A cause left out of continue_on_fail hangs the call up
 * with that cause, which is what the caller then hears.
 */
function continueOnFail(plan: RingExtensionPlan): string {
  const { onBusy, onNoAnswer } = plan;
  if (!onBusy) return NOT_ANSWERED;
  if (onNoAnswer === onBusy) return `${NOT_ANSWERED},${REFUSED}`;
  return REFUSED;
}

function extensionPlan(plan: RingExtensionPlan, ctx: TranslationContext): Translation {
  // Only refusals go on: the box is what follows, whatever the no-answer action was.
  if (plan.onBusy && plan.onNoAnswer !== plan.onBusy) {
    return sequence(
      run(
        action('set', 'hangup_after_bridge=true'),
        action('set', `continue_on_fail=${continueOnFail(plan)}`),
        action('set', `call_timeout=${plan.target.ringSeconds}`),
        action('bridge', bridgeTargets([plan.target], false, ctx.domainName)),
      ),
      mailboxPlan(plan.onBusy, ctx),
    );
  }
  return sequence(
    run(
      action('set', 'hangup_after_bridge=true'),
      action('set', `continue_on_fail=${continueOnFail(plan)}`),
      action('set', `call_timeout=${plan.target.ringSeconds}`),
      action('bridge', bridgeTargets([plan.target], false, ctx.domainName)),
    ),
    afterExtension(plan, ctx),
  );
}

function ringGroupPlan(plan: RingGroupPlan, ctx: TranslationContext): Translation {
  const ring =
    plan.members.length === 0
      ? run()
      : run(
          action('set', 'hangup_after_bridge=true'),
          action('set', 'continue_on_fail=true'),
          action('set', `call_timeout=${longestRing(plan.members)}`),
          // One after another ('|'): FreeSWITCH stops at the first member whose ring time runs out
          // unless told to go on (seen on 1.11.1: group 301 never rang its second member).
          ...(plan.sequential ? [action('set', 'originate_continue_on_timeout=true')] : []),
          action('bridge', bridgeTargets(plan.members, plan.sequential, ctx.domainName)),
        );
  // The call record carries these back: a call that was never bridged then gets the missed-call mail.
  const missed = plan.missedCallEmail
    ? run(
        action('set', `${RING_GROUP_VARIABLES.email}=${plain(plan.missedCallEmail)}`),
        action('set', `${RING_GROUP_VARIABLES.name}=${plain(plan.name)}`),
        action('set', `${RING_GROUP_VARIABLES.number}=${plain(plan.number)}`),
      )
    : run();
  return sequence(missed, playback(plan.greeting, ctx), ring, translatePlan(plan.onNoAnswer, ctx));
}

function ivrPlan(plan: IvrPlan, ctx: TranslationContext): Translation {
  return sequence(
    // The first syllable of a greeting played the instant media starts is often lost.
    run(action('answer'), action('sleep', '200'), action('ivr', ivrMenuName(plan, ctx.domainName))),
    translatePlan(plan.onExit, ctx),
  );
}

function announcePlan(plan: AnnouncePlan, ctx: TranslationContext): Translation {
  return sequence(playback(plan.file, ctx), run(action('hangup', 'NORMAL_CLEARING')));
}

function voicemailPlan(plan: VoicemailPlan, ctx: TranslationContext): Translation {
  const prompt = (plan.announcement ? ctx.media(plan.announcement) : null) ?? VOICEMAIL_PROMPT;
  const domain = plain(ctx.domainName);
  return run(
    ...(plan.email ? [action('set', `voicemail_email=${plain(plan.email)}`)] : []),
    action('set', `${CALL_MODEL_VARIABLES.voicemail}=true`),
    action('answer'),
    action('playback', prompt),
    action('playback', BEEP),
    action('record', `\${recordings_dir}/voicemail/${domain}/\${uuid}.wav ${VOICEMAIL_RECORD}`),
    action('hangup', 'NORMAL_CLEARING'),
  );
}

/**
 * The extension's own box in mod_voicemail (profile 'default', the box id = the extension, which the
 * directory serves): the box's own greeting when it has one (`voicemail_greeting_path`, else
 * mod_voicemail's standard "the person at extension … is not available"), the tone, the message.
 * mod_voicemail fires `vm::maintenance` leave-message with the file, which the console keeps.
 */
function mailboxPlan(plan: MailboxPlan, ctx: TranslationContext): Translation {
  const greeting = plan.greeting && ctx.storedFile ? ctx.storedFile(plan.greeting) : null;
  return run(
    action('set', `${CALL_MODEL_VARIABLES.voicemail}=true`),
    ...(greeting ? [action('set', `voicemail_greeting_path=${greeting}`)] : []),
    action('answer'),
    action('voicemail', `default ${plain(ctx.domainName)} ${plain(plan.extension)}`),
    action('hangup', 'NORMAL_CLEARING'),
  );
}

function outboundPlan(plan: OutboundPlan, ctx: TranslationContext): Translation {
  return run(
    // A forwarded outside call stays 'inbound' in the call history; an extension's call goes out.
    ...(ctx.context === 'internal' ? [action('set', 'call_direction=outbound')] : []),
    action('set', `effective_caller_id_number=${plain(plan.callerIdNumber)}`),
    action('set', 'hangup_after_bridge=true'),
    action('bridge', `sofia/gateway/${plain(plan.gateway)}/${plan.number}`),
  );
}

/** `valet_info <lot>` lists the slot (`…>5901</extension>`) exactly while a call waits in it. */
function slotTaken(plan: ParkPlan | RetrievePlan) {
  return { field: `\${valet_info(${plan.lot})}`, expression: `>${plan.slotNumber}<` };
}

const valetPark = (plan: ParkPlan | RetrievePlan) => [
  action('answer'),
  action('valet_park', `${plan.lot} ${plan.slotNumber}`),
];

/** valet_park parks in a free slot and retrieves from a taken one: the guard keeps each to its job. */
function parkPlan(plan: ParkPlan): Translation {
  return guard({ ...slotTaken(plan), then: [action('hangup', 'USER_BUSY')], otherwise: valetPark(plan) });
}

function retrievePlan(plan: RetrievePlan): Translation {
  return guard({
    ...slotTaken(plan),
    then: valetPark(plan),
    otherwise: [action('hangup', 'UNALLOCATED_NUMBER')],
  });
}

function monitorPlan(plan: MonitorPlan, ctx: TranslationContext): Translation {
  const target = ctx.monitorTarget(plan.extension);
  if (!target) return run(action('hangup', 'NORMAL_CLEARING'));
  return run(
    action('answer'),
    // Listen only: the monitor's keypad must not switch eavesdrop into talking to either side.
    action('set', 'eavesdrop_enable_dtmf=false'),
    action('eavesdrop', target),
    action('hangup', 'NORMAL_CLEARING'),
  );
}

/**
 * *8<ext>: intercept bridges the picker with the caller and hangs up the phones it rang (PICKED_OFF).
 * Only a call still unanswered is taken: one answered since the lookup fails, and the picker hangs up.
 */
function pickupPlan(plan: PickupPlan, ctx: TranslationContext): Translation {
  const target = ctx.pickupTarget(plan.extension);
  if (!target) return run(action('hangup', 'NORMAL_CLEARING'));
  return run(
    action('set', 'intercept_unanswered_only=true'),
    action('intercept', target),
    action('hangup', 'NORMAL_CLEARING'),
  );
}

function transferPlan(plan: TransferPlan, ctx: TranslationContext): Translation {
  return translatePlan(plan.then, ctx);
}

function incomingPlan(plan: IncomingPlan, ctx: TranslationContext): Translation {
  // The incoming number's display name goes before the caller's, as 'prefix#name'.
  const prefix = plain(plan.callerIdNamePrefix);
  return sequence(
    run(
      ...(prefix ? [action('set', `effective_caller_id_name=${prefix}#\${caller_id_name}`)] : []),
      // The call model counts calls the office could not take because it was closed.
      ...(isOutOfHoursCondition(plan.conditionType)
        ? [action('set', `${CALL_MODEL_VARIABLES.outOfHours}=true`)]
        : []),
    ),
    translatePlan(plan.then, ctx),
  );
}

/** The FreeSWITCH applications that carry out a plan. */
export function translatePlan(plan: RoutePlan, ctx: TranslationContext): Translation {
  switch (plan.kind) {
    case 'hangup':
      return hangupPlan(plan);
    case 'extension':
      return extensionPlan(plan, ctx);
    case 'ringGroup':
      return ringGroupPlan(plan, ctx);
    case 'ivr':
      return ivrPlan(plan, ctx);
    case 'announce':
      return announcePlan(plan, ctx);
    case 'voicemail':
      return voicemailPlan(plan, ctx);
    case 'mailbox':
      return mailboxPlan(plan, ctx);
    case 'outbound':
      return outboundPlan(plan, ctx);
    case 'park':
      return parkPlan(plan);
    case 'retrieve':
      return retrievePlan(plan);
    case 'monitor':
      return monitorPlan(plan, ctx);
    case 'pickup':
      return pickupPlan(plan, ctx);
    case 'transfer':
      return transferPlan(plan, ctx);
    case 'incoming':
      return incomingPlan(plan, ctx);
  }
}

/**
 * Whether the answer for a plan may be reused for the same number and caller: not when it depends on
 * chance (the random ring order) or on live calls (whom a monitor listens to, which call is picked up).
 */
export function isReusable(plan: RoutePlan): boolean {
  switch (plan.kind) {
    case 'monitor':
    case 'pickup':
      return false;
    case 'ringGroup':
      return plan.strategy !== 'random' && isReusable(plan.onNoAnswer);
    case 'extension':
      return isReusable(plan.onNoAnswer) && (!plan.onBusy || isReusable(plan.onBusy));
    case 'transfer':
    case 'incoming':
      return isReusable(plan.then);
    default:
      return true;
  }
}
