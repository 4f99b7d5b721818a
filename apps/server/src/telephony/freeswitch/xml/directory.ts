import { el, freeswitchDocument, type XmlElement } from './xml';

/** What the directory needs to know about one extension. */
export interface DirectoryUser {
  /** Extension number: the directory user id. */
  extension: string;
  /** SIP and verto password, in clear: FreeSWITCH checks digests and verto logins against it. */
  password: string;
  /** Dialplan context for the user's calls: the tenant's domain name. */
  userContext: string;
  /** Name shown to other extensions. */
  effectiveCallerIdName: string;
  /** Number shown to other extensions; the extension itself when not given. */
  effectiveCallerIdNumber?: string | null;
  /** Name and number shown on calls leaving the tenant. */
  outboundCallerIdName?: string | null;
  outboundCallerIdNumber?: string | null;
  doNotDisturb: boolean;
  /** Number every call is forwarded to; empty or null when forwarding is off. */
  forwardAllDestination?: string | null;
  /** Seconds a call to this extension rings before giving up. */
  callTimeoutSeconds?: number | null;
  /** Billing account code set on the user's calls. */
  accountCode?: string | null;
  /** Further channel variables to set on the user's calls. */
  variables?: Readonly<Record<string, string>>;
}

// Rings every SIP registration and every verto session of the user at once; the first to answer
// wins and the rest end with LOSE_RACE.
const DOMAIN_DIAL_STRING =
  '{^^:sip_invite_domain=${dialed_domain}:presence_id=${dialed_user}@${dialed_domain}}' +
  '${sofia_contact(*/${dialed_user}@${dialed_domain})},${verto_contact(${dialed_user}@${dialed_domain})}';

// Dial strings give meaning to ',', '|', '{', '[', '/' and more, so only plain dialable characters
// may be spliced into one.
const DIALABLE = /^[0-9*#+]{1,32}$/;

const param = (name: string, value: string) => el('param', { name, value });
const variable = (name: string, value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? null : el('variable', { name, value });

/** The forward-all destination, when set and safe to dial. */
function forwardOf(user: DirectoryUser): string | null {
  const forward = user.forwardAllDestination?.trim() ?? '';
  return DIALABLE.test(forward) ? forward : null;
}

/** Overrides how `user/<ext>` is dialled: busy while DND, else to the forward destination. */
function userDialString(user: DirectoryUser, forward: string | null): string | null {
  if (user.doNotDisturb) return 'error/user_busy';
  if (forward)
    return `{presence_id=\${dialed_user}@\${dialed_domain}}loopback/${forward}/${user.userContext}`;
  return null;
}

function userElement(domainName: string, user: DirectoryUser): XmlElement {
  const forward = forwardOf(user);
  const dialString = userDialString(user, forward);
  return el('user', { id: user.extension }, [
    el('params', {}, [
      param('password', user.password),
      dialString !== null && param('dial-string', dialString),
      param('jsonrpc-allowed-methods', 'verto'),
      param('jsonrpc-allowed-event-channels', 'demo,conference,presence'),
      param('verto-context', user.userContext),
      param('verto-dialplan', 'XML'),
    ]),
    el('variables', {}, [
      variable('user_context', user.userContext),
      variable('domain_name', domainName),
      variable('accountcode', user.accountCode),
      variable('effective_caller_id_name', user.effectiveCallerIdName),
      variable('effective_caller_id_number', user.effectiveCallerIdNumber || user.extension),
      variable('outbound_caller_id_name', user.outboundCallerIdName),
      variable('outbound_caller_id_number', user.outboundCallerIdNumber),
      variable('presence_id', `${user.extension}@${domainName}`),
      variable('call_timeout', user.callTimeoutSeconds),
      variable('do_not_disturb', String(user.doNotDisturb)),
      variable('forward_all_enabled', String(forward !== null)),
      variable('forward_all_destination', forward),
      ...Object.entries(user.variables ?? {}).map(([name, value]) => variable(name, value)),
    ]),
  ]);
}

/** Builds the directory answer for one user of a domain (REGISTER auth, verto login, user/ dialling). */
export function buildDirectoryXml(domainName: string, user: DirectoryUser): string {
  return freeswitchDocument(
    el('section', { name: 'directory' }, [
      el('domain', { name: domainName }, [
        // Verto logins are checked against the domain too: it must allow the verto methods.
        el('params', {}, [
          param('dial-string', DOMAIN_DIAL_STRING),
          param('jsonrpc-allowed-methods', 'verto'),
          param('jsonrpc-allowed-event-channels', 'presence'),
        ]),
        el('variables', {}, [variable('user_context', user.userContext)]),
        el('groups', {}, [
          el('group', { name: 'default' }, [el('users', {}, [userElement(domainName, user)])]),
        ]),
      ]),
    ]),
  );
}
