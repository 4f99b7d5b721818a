/**
 * The Event Socket commands the engine sends. Every argument is checked against what it may be:
 * ESL commands are split on spaces and lines, originate variables on commas, so anything else could
 * smuggle in other arguments or commands.
 */
import { CLICK_TO_CALL_NAME } from '@tsunagu/contract';
import { type Reason } from '@tsunagu/contract/refusal';
import { EngineCommandError } from '../../engine';
import { CLICK_TO_CALL_MARK } from './ring-notices';

const DOMAIN = /^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$/;
const EXTENSION = /^[0-9]{1,16}$/;
const NUMBER = /^[0-9*#+]{1,32}$/;
/** A transfer may also park: 'park+5901'. */
const TRANSFER_TARGET = /^(?:park\+)?[0-9*#+]{1,32}$/;
const UUID = /^[0-9A-Za-z-]{1,64}$/;

/** Seconds the user's phone rings before the click-to-call gives up. */
export const CLICK_TO_CALL_RING_SECONDS = 20;

/** A command argument that is not what it should be: the caller's mistake. */
export class CommandArgumentError extends EngineCommandError {
  override readonly name = 'CommandArgumentError';
  constructor(code: Reason) {
    super('invalid', code);
  }
}

function checked(value: string, pattern: RegExp, code: Reason): string {
  if (!pattern.test(value)) throw new CommandArgumentError(code);
  return value;
}

/**
 * Rings the user's phones (user/ rings every SIP registration and browser); the one that answers
 * then dials `dest` in the tenant's context. The phone shows the number it is about to call.
 */
export function clickToCallCommand(
  request: { domainName: string; extension: string; dest: string },
  mark: string,
): string {
  const domain = checked(request.domainName, DOMAIN, 'tenantNameInvalid');
  const extension = checked(request.extension, EXTENSION, 'extensionNumberInvalid');
  const dest = checked(request.dest, NUMBER, 'numberInvalid');
  const variables = [
    `origination_caller_id_number=${dest}`,
    `origination_caller_id_name='${CLICK_TO_CALL_NAME}'`,
    'ignore_early_media=true',
    `originate_timeout=${CLICK_TO_CALL_RING_SECONDS}`,
    'click_to_call=true',
    `${CLICK_TO_CALL_MARK}=${checked(mark, UUID, 'commandInvalid')}`,
  ];
  return `originate {${variables.join(',')}}user/${extension}@${domain} ${dest} XML ${domain}`;
}

/** Hangs a channel up. */
export function hangupCommand(uuid: string): string {
  return `uuid_kill ${checked(uuid, UUID, 'callNotFound')}`;
}

/**
 * Blind transfer: with -bleg the far end of the channel's call moves, and a channel with nobody at
 * the far end (parked, in an IVR) moves itself — FreeSWITCH falls back to the channel when it has no
 * bridge partner.
 */
export function transferCommand(uuid: string, dest: string, domainName: string): string {
  const target = checked(dest, TRANSFER_TARGET, 'transferTargetInvalid');
  const domain = checked(domainName, DOMAIN, 'tenantNameInvalid');
  return `uuid_transfer ${checked(uuid, UUID, 'callNotFound')} -bleg ${target} XML ${domain}`;
}

/** A recording's path as FreeSWITCH reads it: no space or line (ESL splits on them), no '..'. */
const RECORDING_PATH = /^\/(?:[A-Za-z0-9._+-]+\/)*[A-Za-z0-9._+-]+\.wav$/;

/**
 * Starts or stops recording a channel (mod_commands' `uuid_record <uuid> [start|stop] <path>`): both
 * directions mixed into one WAV at `path`, created with its folders by FreeSWITCH. Started with
 * RECORD_MIN_SEC=0 in the recording's own variables: by default FreeSWITCH deletes a recording shorter
 * than three seconds, which a user who pressed 録音 would find missing.
 */
export function recordCommand(uuid: string, action: 'start' | 'stop', path: string): string {
  const channel = checked(uuid, UUID, 'callNotFound');
  const file = checked(path, RECORDING_PATH, 'commandInvalid');
  if (file.split('/').includes('..')) throw new CommandArgumentError('commandInvalid');
  return action === 'start'
    ? `uuid_record ${channel} start ${file} 0 {RECORD_MIN_SEC=0}`
    : `uuid_record ${channel} stop ${file}`;
}

/** The SIP profile desk phones register to (docs/freeswitch.md section 5). */
export const DESK_PHONE_PROFILE = 'internal';

/**
 * Drops every SIP registration of the extension (mod_sofia's flush_inbound_reg matches `user@host`
 * against each registration's user and domain). No `reboot`: phones are not told to restart, they
 * find out at their next re-registration, which the new password decides.
 */
export function flushRegistrationsCommand(domainName: string, extension: string): string {
  const domain = checked(domainName, DOMAIN, 'tenantNameInvalid');
  const user = checked(extension, EXTENSION, 'extensionNumberInvalid');
  return `sofia profile ${DESK_PHONE_PROFILE} flush_inbound_reg ${user}@${domain}`;
}
