/**
 * The routing model and the dialplan FreeSWITCH receives say the same thing: for every case, what
 * the plan says happens is read back out of the generated XML, step by step.
 */
import { describe, expect, it } from 'vitest';
import type { RoutePlan } from '../../routing';
import { callIn, dial, DOMAIN } from '../../routing/testing';
import { onlyExtension, type App } from '../testing/dialplan-reading';
import { buildDialplanXml } from './dialplan-document';
import { translatePlan, type TranslationContext } from './plan-translation';

type Step = (string | number | null)[];

const PATH = '/recordings/';
const STORED = '/storage/tenant/';
const ctx = (context: 'internal' | 'public'): TranslationContext => ({
  domainName: DOMAIN,
  context,
  media: (file) => `${PATH}${file}`,
  storedFile: (storageName) => `${STORED}${storageName}`,
  monitorTarget: (extension) => (extension === '1009' ? null : `call-of-${extension}`),
  pickupTarget: (extension) => (extension === '1009' ? null : `caller-of-${extension}`),
});

/** What a plan says happens, as steps. */
function planSteps(plan: RoutePlan, context: 'internal' | 'public'): Step[] {
  const legs = (targets: { extension: string; webPhones: boolean }[]) =>
    targets.flatMap((t) => [`${t.extension}:sip`, ...(t.webPhones ? [`${t.extension}:verto`] : [])]);
  switch (plan.kind) {
    case 'extension':
      // A box that takes busy calls follows the ring whatever the no-answer action was (see mailboxPlan).
      return [
        ['ring', 'together', legs([plan.target]).join(' '), String(plan.target.ringSeconds)],
        ...planSteps(plan.onBusy ?? plan.onNoAnswer, context),
      ];
    case 'mailbox':
      return [
        ['mailbox', plan.extension, plan.greeting ?? 'standard'],
        ['hangup', 'NORMAL_CLEARING'],
      ];
    case 'ringGroup': {
      const order = plan.sequential && plan.members.length > 1 ? 'in turn' : 'together';
      return [
        ...(plan.greeting ? [['play', plan.greeting]] : []),
        ...(plan.members.length > 0
          ? [
              [
                'ring',
                order,
                legs([...plan.members]).join(' '),
                plan.members.map((m) => m.ringSeconds).join(' '),
              ],
            ]
          : []),
        ...planSteps(plan.onNoAnswer, context),
      ];
    }
    case 'ivr':
      return [['ivr', plan.number], ...planSteps(plan.onExit, context)];
    case 'announce':
      return [
        ['play', plan.file],
        ['hangup', 'NORMAL_CLEARING'],
      ];
    case 'voicemail':
      return [
        ...(plan.announcement ? [['play', plan.announcement]] : []),
        ['voicemail', plan.email],
        ['hangup', 'NORMAL_CLEARING'],
      ];
    case 'hangup':
      return [['hangup', plan.cause]];
    case 'outbound':
      return [
        [
          'outbound',
          plan.gateway,
          plan.number,
          plan.callerIdNumber,
          context === 'internal' ? 'outbound' : 'inbound',
        ],
      ];
    case 'park':
      return [['park', plan.slotNumber]];
    case 'retrieve':
      return [['retrieve', plan.slotNumber]];
    case 'monitor':
      return plan.extension === '1009'
        ? [['hangup', 'NORMAL_CLEARING']]
        : [
            ['monitor', plan.extension],
            ['hangup', 'NORMAL_CLEARING'],
          ];
    case 'pickup':
      return plan.extension === '1009'
        ? [['hangup', 'NORMAL_CLEARING']]
        : [
            ['pick up', plan.extension],
            ['hangup', 'NORMAL_CLEARING'],
          ];
    case 'transfer':
      return planSteps(plan.then, context);
    case 'incoming':
      return [
        ...(plan.callerIdNamePrefix ? [['caller-name', plan.callerIdNamePrefix]] : []),
        ...planSteps(plan.then, context),
      ];
  }
}

const LEG = /^\[leg_timeout=(\d+),presence_id=(\d+)@[^\]]+\]\$\{(sofia|verto)_contact\(/;

/** Splits on a separator outside [] blocks, as FreeSWITCH's originate does. */
const legsOf = (group: string) => group.match(/(?:\[[^\]]*\]|[^,])+/g) ?? [];

/** Reads a bridge string back into who rings, how, and for how long. */
function ringStep(bridge: string): Step {
  const groups = bridge.split('|').map((group) =>
    legsOf(group).map((leg) => {
      const match = LEG.exec(leg);
      if (!match) throw new Error(`unreadable leg ${leg}`);
      return { seconds: match[1] as string, leg: `${match[2]}:${match[3] === 'sofia' ? 'sip' : 'verto'}` };
    }),
  );
  // Within a group, every leg is the same member and must ring for the same time.
  const seconds = groups.map((g) => [...new Set(g.map((l) => l.seconds))].join('/'));
  const together = groups.length === 1;
  const members = together ? [...new Set(groups[0]?.map((l) => l.leg.split(':')[0]))] : groups;
  return [
    'ring',
    together ? 'together' : 'in turn',
    groups
      .flat()
      .map((l) => l.leg)
      .join(' '),
    together ? members.map(() => seconds[0]).join(' ') : seconds.join(' '),
  ];
}

/** What the XML makes FreeSWITCH do, read back as the same steps. */
function xmlSteps(xml: string): Step[] {
  const [first, ...guards] = onlyExtension(xml).conditions;
  const steps: Step[] = [];
  const vars = new Map<string, string>();
  for (const [app, data] of first?.actions ?? ([] as App[])) {
    if (app === 'set') {
      const [name = '', value = ''] = data.split(/=(.*)/s);
      vars.set(name, value);
      if (name === 'effective_caller_id_name')
        steps.push(['caller-name', value.replace('#${caller_id_name}', '')]);
    } else if (app === 'playback' && data.startsWith(PATH)) steps.push(['play', data.slice(PATH.length)]);
    else if (app === 'record') steps.push(['voicemail', vars.get('voicemail_email') ?? null]);
    else if (app === 'ivr') steps.push(['ivr', data.split('@')[0] ?? '']);
    else if (app === 'voicemail') {
      // mod_voicemail's leave-message form: profile, domain, box id.
      const [profile, domain, box = ''] = data.split(' ');
      if (profile !== 'default' || domain !== DOMAIN) throw new Error(`unexpected voicemail ${data}`);
      const greeting = vars.get('voicemail_greeting_path');
      steps.push(['mailbox', box, greeting ? greeting.slice(STORED.length) : 'standard']);
    } else if (app === 'eavesdrop') steps.push(['monitor', data.replace('call-of-', '')]);
    else if (app === 'intercept') steps.push(['pick up', data.replace('caller-of-', '')]);
    // After an extension rang out the bridge's failure is NO_ANSWER (or, with no phone connected,
    // USER_NOT_REGISTERED, which both engines pass on: see the sandbox's calls test).
    else if (app === 'hangup')
      steps.push(['hangup', data === '${originate_disposition}' ? 'NO_ANSWER' : data]);
    else if (app === 'bridge' && data.startsWith('sofia/gateway/')) {
      const [, , gateway = '', number = ''] = data.split('/');
      steps.push([
        'outbound',
        gateway,
        number,
        vars.get('effective_caller_id_number') ?? '',
        vars.get('call_direction') ?? 'inbound',
      ]);
    } else if (app === 'bridge') steps.push(ringStep(data));
  }
  for (const g of guards) {
    const slot = /^>(\d+)<$/.exec(g.expression ?? '')?.[1] ?? '';
    const parks = (apps: App[]) =>
      apps.some(([app, data]) => app === 'valet_park' && data === `5900@${DOMAIN} ${slot}`);
    if (parks(g.antiActions) && g.actions.some(([app, data]) => app === 'hangup' && data === 'USER_BUSY'))
      steps.push(['park', slot]);
    else if (
      parks(g.actions) &&
      g.antiActions.some(([app, data]) => app === 'hangup' && data === 'UNALLOCATED_NUMBER')
    )
      steps.push(['retrieve', slot]);
    else throw new Error(`unexpected guard ${g.field}`);
  }
  return steps;
}

const internal: [dialled: string, caller: string][] = [
  ['1001', '1002'],
  ['1002', '1001'],
  ['1002', '1002'],
  ['1003', '1002'],
  ['1004', '1002'],
  ['1005', '1001'],
  ['1006', '1002'],
  ['1008', '1002'],
  ['1009', '1002'],
  ['1010', '1002'],
  ['1011', '1002'],
  ['1012', '1002'],
  ['1013', '1002'],
  ['1014', '1002'],
  ['1015', '1002'],
  ['1099', '1002'],
  ['300', '1002'],
  ['300', '1009'],
  ['301', '1003'],
  ['302', '1003'],
  ['303', '1002'],
  ['304', '1002'],
  ['306', '1002'],
  ['307', '1002'],
  ['308', '1002'],
  ['309', '1002'],
  ['310', '1002'],
  ['500', '1002'],
  ['501', '1002'],
  ['502', '1002'],
  ['park+5901', '1002'],
  ['park+5908', '1001'],
  ['park+5909', '1002'],
  ['5901', '1002'],
  ['5908', '1002'],
  ['*331001', '1002'],
  ['*81001', '1002'],
  ['*81009', '1002'],
  ['*81002', '1002'],
  ['*331009', '1002'],
  ['*331002', '1002'],
  ['*331004', '1002'],
  ['*3319', '1002'],
  ['*001', '1001'],
  ['*002', '1001'],
  ['*003', '1002'],
  ['*099', '1002'],
  ['*098', '1002'],
  ['*999', '1002'],
  ['0312340000', '1001'],
  ['0312340000', '1009'],
  ['0312340000', '1002'],
  ['090-1234-5678', '1002'],
  ['', '1002'],
  ['abc', '1002'],
];

const incoming: [number: string, at: string][] = [
  ['0312345678', '2026-11-24T10:00:00+09:00'],
  ['0312345678', '2026-11-24T12:30:00+09:00'],
  ['0312345678', '2026-11-24T22:00:00+09:00'],
  ['0312345678', '2026-11-28T11:00:00+09:00'],
  ['0312345678', '2026-11-29T11:00:00+09:00'],
  ['0312345678', '2026-12-30T10:00:00+09:00'],
  ['0312345678', '2027-03-31T10:00:00+09:00'],
  ['0312345678', '2026-06-01T10:00:00+09:00'],
  ['0312345678', '2026-11-24T19:30:00+09:00'],
  ['0312345678', '2026-11-25T19:30:00+09:00'],
  ['0312345678', '2026-11-26T19:30:00+09:00'],
  ['0312345679', '2026-11-24T10:00:00+09:00'],
  ['0312345680', '2026-11-24T10:00:00+09:00'],
  ['0312345681', '2026-11-24T10:00:00+09:00'],
  ['0312345682', '2026-11-24T22:00:00+09:00'],
  ['0312345683', '2026-11-24T10:00:00+09:00'],
  ['0399999999', '2026-11-24T10:00:00+09:00'],
  // The Japanese office (issue 17): holiday, New Year break, night across midnight, business hours.
  ['0312345685', '2026-11-23T00:00:00+09:00'],
  ['0312345685', '2027-01-01T00:00:00+09:00'],
  ['0312345685', '2026-11-25T00:00:00+09:00'],
  ['0312345685', '2026-11-25T10:00:00+09:00'],
];

describe('routing model and generated dialplan agree', () => {
  it.each(internal)('extension dials %s (caller %s)', (dialled, caller) => {
    const plan = dial(dialled, caller, () => 0.5);
    const xml = buildDialplanXml(DOMAIN, dialled, plan.kind, translatePlan(plan, ctx('internal')));
    expect(xmlSteps(xml)).toEqual(planSteps(plan, 'internal'));
  });

  it.each(incoming)('outside call to %s at %s', (number, at) => {
    const plan = callIn(number, at);
    const xml = buildDialplanXml('public', number, plan.kind, translatePlan(plan, ctx('public')));
    expect(xmlSteps(xml)).toEqual(planSteps(plan, 'public'));
  });

  it('covers every plan kind', () => {
    const kinds = new Set<string>();
    const visit = (plan: RoutePlan): void => {
      kinds.add(plan.kind);
      if (plan.kind === 'transfer' || plan.kind === 'incoming') visit(plan.then);
      if (plan.kind === 'extension' || plan.kind === 'ringGroup') visit(plan.onNoAnswer);
    };
    internal.forEach(([d, c]) => visit(dial(d, c)));
    incoming.forEach(([n, at]) => visit(callIn(n, at)));
    expect([...kinds].sort()).toEqual(
      [
        'announce',
        'extension',
        'hangup',
        'incoming',
        'ivr',
        'mailbox',
        'monitor',
        'outbound',
        'park',
        'pickup',
        'retrieve',
        'ringGroup',
        'transfer',
        'voicemail',
      ].sort(),
    );
  });
});
