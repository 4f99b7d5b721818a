/**
 * IVR menus as FreeSWITCH's ivr.conf: the `ivr` application asks for its menu by name when it runs,
 * and mod_xml_curl brings that request here. A menu's name carries its tenant, so any request is
 * answered from the right tenant whatever channel asks.
 */
import type { IvrPlan } from '../../routing';
import { el, freeswitchDocument } from '../xml/xml';

/** Digits are one key; a name never holds '@' itself. */
const MENU_NAME = /^([0-9]{1,32})@([^@\s]+)$/;

/** The ivr.conf menu name of an IVR plan: '<number>@<domain>'. */
export function ivrMenuName(plan: Pick<IvrPlan, 'number'>, domainName: string): string {
  return `${plan.number}@${domainName}`;
}

/** The IVR number and tenant a menu name stands for, or null for a name we never gave out. */
export function readIvrMenuName(name: string): { number: string; domainName: string } | null {
  const match = MENU_NAME.exec(name);
  return match ? { number: match[1] as string, domainName: match[2] as string } : null;
}

/** Silence stands in for a greeting the tenant no longer has, so the menu still waits for a key. */
const NO_GREETING = 'silence_stream://500';

/** The ivr.conf document holding one menu: greeting, timing as the routing model says, and its keys. */
export function buildIvrMenuXml(
  plan: IvrPlan,
  domainName: string,
  media: (file: string) => string | null,
): string {
  const greeting = media(plan.greeting) ?? NO_GREETING;
  const { settings } = plan;
  const menu = el(
    'menu',
    {
      name: ivrMenuName(plan, domainName),
      'greet-long': greeting,
      // The greeting replays in full after a wrong key or a silence, as the sandbox does.
      'greet-short': greeting,
      'invalid-sound': settings.invalidSound,
      'exit-sound': settings.exitSound,
      timeout: settings.timeoutMs,
      'inter-digit-timeout': settings.interDigitTimeoutMs,
      'max-failures': settings.maxFailures,
      'max-timeouts': settings.maxTimeouts,
      'digit-len': settings.digitLength,
    },
    plan.choices.map((choice) =>
      el('entry', {
        action: 'menu-exec-app',
        digits: choice.digit,
        // The chosen number is routed afresh in the tenant's context, like a dialled one.
        param: `transfer ${choice.number} XML ${domainName}`,
      }),
    ),
  );
  return freeswitchDocument(
    el('section', { name: 'configuration' }, [
      el('configuration', { name: 'ivr.conf', description: 'IVR menus' }, [el('menus', {}, [menu])]),
    ]),
  );
}
