import { describe, expect, it } from 'vitest';
import { hangup, route, type RoutePlan } from '../../routing';
import { callIn, config, dial, DOMAIN } from '../../routing/testing';
import { executed, onlyExtension, readDialplan } from '../testing/dialplan-reading';
import { fixtureText } from '../testing/fixtures';
import { parseXmlCurlRequest } from '../xml/request';
import { buildDialplanXml } from './dialplan-document';
import { buildIvrMenuXml } from './ivr-menu';
import { isReusable, translatePlan, type TranslationContext } from './plan-translation';

const RECORDINGS = '/var/lib/tsunagu/recordings';
const STORED: Record<string, string> = {
  'welcome.wav': 'w.wav',
  'busy.wav': 'b.wav',
  'lunch.wav': 'l.wav',
  'absent.wav': 'a.wav',
  'main.wav': 'm.wav',
};
const media = (file: string) => (STORED[file] ? `${RECORDINGS}/${STORED[file]}` : null);

function context(fields: Partial<TranslationContext> = {}): TranslationContext {
  return {
    domainName: DOMAIN,
    context: 'internal',
    media,
    monitorTarget: () => null,
    pickupTarget: () => null,
    ...fields,
  };
}

/** The answer for a plan, as FreeSWITCH would receive it. */
function answer(plan: RoutePlan, dialled: string, ctx = context()): string {
  return buildDialplanXml(
    ctx.context === 'public' ? 'public' : DOMAIN,
    dialled,
    plan.kind,
    translatePlan(plan, ctx),
  );
}

/** A member's leg variables: ring time, presence and the name its answer shows the caller. */
const legVars = (ext: string, seconds: number) =>
  `[leg_timeout=${seconds},presence_id=${ext}@${DOMAIN},` +
  `origination_callee_id_name=${config.extensions.get(ext)?.ring.target.name},origination_callee_id_number=${ext}]`;
const sofia = (ext: string, seconds: number) =>
  `${legVars(ext, seconds)}\${sofia_contact(*/${ext}@${DOMAIN})}`;
const verto = (ext: string, seconds: number) => `${legVars(ext, seconds)}\${verto_contact(${ext}@${DOMAIN})}`;
const NOT_ANSWERED =
  'continue_on_fail=NO_ANSWER,NO_USER_RESPONSE,USER_NOT_REGISTERED,SUBSCRIBER_ABSENT,ALLOTTED_TIMEOUT,' +
  'RECOVERY_ON_TIMER_EXPIRE,NORMAL_TEMPORARY_FAILURE,DESTINATION_OUT_OF_ORDER,NETWORK_OUT_OF_ORDER';

describe('one translation per plan kind (golden)', () => {
  it('extension: rings desk phones and browsers for its ring time, then its no-answer action', () => {
    const xml = answer(dial('1001'), '1001');
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
        '<document type="freeswitch/xml">',
        '  <section name="dialplan" description="Tsunagu">',
        `    <context name="${DOMAIN}">`,
        '      <extension name="extension">',
        '        <condition field="destination_number" expression="^1001$">',
        '          <action application="set" data="hangup_after_bridge=true"/>',
        `          <action application="set" data="${NOT_ANSWERED}"/>`,
        '          <action application="set" data="call_timeout=30"/>',
        `          <action application="bridge" data="${sofia('1001', 30)},${verto('1001', 30)}"/>`,
        // Why the bridge failed (NO_ANSWER, USER_NOT_REGISTERED …), expanded when the hang-up runs.
        '          <action application="hangup" data="${originate_disposition}"/>',
        '        </condition>',
        '      </extension>',
        '    </context>',
        '  </section>',
        '</document>',
        '',
      ].join('\n'),
    );
  });

  it('ringGroup (enterprise): missed-call mail facts, greeting, every member at once, the no-answer action', () => {
    expect(executed(answer(dial('300'), '300'), '300')).toEqual([
      // The call record brings these back to the console, which mails a call nobody was put through to.
      ['set', 'ring_group_missed_call_email=sales@example.jp'],
      ['set', 'ring_group_name=営業'],
      ['set', 'ring_group_number=300'],
      ['playback', `${RECORDINGS}/w.wav`],
      ['set', 'hangup_after_bridge=true'],
      ['set', 'continue_on_fail=true'],
      ['set', 'call_timeout=20'],
      ['bridge', [sofia('1001', 20), verto('1001', 20), sofia('1010', 20), verto('1010', 20)].join(',')],
      ['hangup', 'NO_ANSWER'],
    ]);
  });

  it('ringGroup (rollover): members one after another (going on when one rings out), then the announcement', () => {
    expect(executed(answer(dial('301', '1003'), '301'), '301')).toEqual([
      ['set', 'hangup_after_bridge=true'],
      ['set', 'continue_on_fail=true'],
      ['set', 'call_timeout=20'],
      ['set', 'originate_continue_on_timeout=true'],
      [
        'bridge',
        [
          `${sofia('1001', 20)},${verto('1001', 20)}`,
          `${sofia('1002', 20)},${verto('1002', 20)}`,
          `${sofia('1009', 20)},${verto('1009', 20)}`,
        ].join('|'),
      ],
      ['playback', `${RECORDINGS}/b.wav`],
      ['hangup', 'NORMAL_CLEARING'],
    ]);
  });

  it('ringGroup (random): shuffled, one after another, desk phones only, never kept', () => {
    const plan = dial('302', '1003', () => 0);
    const bridge = executed(answer(plan, '302'), '302').find(([app]) => app === 'bridge')?.[1] ?? '';
    // 1001 and 1009 work with the browser only, 1003 is on do-not-disturb: 1002 and 1010 ring.
    expect(bridge.split('|').sort()).toEqual([sofia('1002', 20), sofia('1010', 20)]);
    expect(executed(answer(plan, '302'), '302')).toContainEqual([
      'set',
      'originate_continue_on_timeout=true',
    ]);
    expect(isReusable(plan)).toBe(false);
    expect(isReusable(dial('301'))).toBe(true);
  });

  it('a ring group with no member that can ring goes straight to its no-answer action', () => {
    expect(executed(answer(dial('308'), '308'), '308')).toEqual([
      ['set', 'call_direction=outbound'],
      ['set', 'effective_caller_id_number=0312345678'],
      ['set', 'hangup_after_bridge=true'],
      ['bridge', 'sofia/gateway/0312345678/0312340000'],
    ]);
  });

  it('ivr: answers and runs the menu named after its number and tenant, then hangs up', () => {
    expect(executed(answer(dial('500'), '500'), '500')).toEqual([
      ['answer', ''],
      ['sleep', '200'],
      ['ivr', `500@${DOMAIN}`],
      ['hangup', 'NORMAL_CLEARING'],
    ]);
  });

  it('announce (incoming at lunch): the number’s name before the caller’s, the recording, then hang up', () => {
    const plan = callIn('0312345678', '2026-11-24T12:30:00+09:00');
    expect(executed(answer(plan, '0312345678', context({ context: 'public' })), '0312345678')).toEqual([
      ['set', 'effective_caller_id_name=代表#${caller_id_name}'],
      ['playback', `${RECORDINGS}/l.wav`],
      ['hangup', 'NORMAL_CLEARING'],
    ]);
  });

  it('voicemail (incoming at night): marked out of hours and voicemail for the call model, the absence announcement, a beep, a recorded message', () => {
    const plan = callIn('0312345678', '2026-11-24T22:00:00+09:00');
    expect(executed(answer(plan, '0312345678', context({ context: 'public' })), '0312345678')).toEqual([
      ['set', 'effective_caller_id_name=代表#${caller_id_name}'],
      ['set', 'tsunagu_out_of_hours=true'],
      ['set', 'voicemail_email=office@example.jp'],
      ['set', 'tsunagu_voicemail=true'],
      ['answer', ''],
      ['playback', `${RECORDINGS}/a.wav`],
      ['playback', 'tone_stream://%(500,0,1000)'],
      ['record', `\${recordings_dir}/voicemail/${DOMAIN}/\${uuid}.wav 180 200 5`],
      ['hangup', 'NORMAL_CLEARING'],
    ]);
  });

  it('hangup: the cause routing chose', () => {
    expect(executed(answer(dial('1099'), '1099'), '1099')).toEqual([['hangup', 'UNALLOCATED_NUMBER']]);
    expect(executed(answer(dial('1003'), '1003'), '1003')).toEqual([['hangup', 'USER_BUSY']]);
  });

  it('outbound: through the caller’s own line, presenting its number', () => {
    expect(executed(answer(dial('0312340000', '1001'), '0312340000'), '0312340000')).toEqual([
      ['set', 'call_direction=outbound'],
      ['set', 'effective_caller_id_number=0312345679'],
      ['set', 'hangup_after_bridge=true'],
      ['bridge', 'sofia/gateway/0312345679/0312340000'],
    ]);
  });

  it('transfer (outside caller forwarded out): stays an inbound call', () => {
    const plan = callIn('0312345678', '2026-11-28T11:00:00+09:00');
    expect(executed(answer(plan, '0312345678', context({ context: 'public' })), '0312345678')).toEqual([
      ['set', 'effective_caller_id_name=代表#${caller_id_name}'],
      ['set', 'effective_caller_id_number=0312345678'],
      ['set', 'hangup_after_bridge=true'],
      ['bridge', 'sofia/gateway/0312345678/09012345678'],
    ]);
  });

  it('transfer (speed dial *001): performs the number it leads to', () => {
    expect(executed(answer(dial('*001', '1001'), '*001'), '*001')).toEqual(
      executed(answer(dial('1002', '1001'), '*001'), '*001'),
    );
    expect(onlyExtension(answer(dial('*001', '1001'), '*001')).conditions[0]?.expression).toBe('^\\*001$');
  });

  const taken = (slot: string) => (field: string) =>
    field === `\${valet_info(5900@${DOMAIN})}`
      ? `<lots><lot><extension uuid="x">${slot}</extension></lot></lots>`
      : '';

  it('park: parks in a free slot; a taken slot answers busy (FreeSWITCH checks valet_info)', () => {
    const xml = answer(dial('park+5901'), 'park+5901');
    expect(onlyExtension(xml).conditions[0]?.expression).toBe('^park\\+5901$');
    expect(executed(xml, 'park+5901', taken('5902'))).toEqual([
      ['answer', ''],
      ['valet_park', `5900@${DOMAIN} 5901`],
    ]);
    expect(executed(xml, 'park+5901', taken('5901'))).toEqual([['hangup', 'USER_BUSY']]);
  });

  it('retrieve: takes the waiting call; an empty slot is no number', () => {
    const xml = answer(dial('5903'), '5903');
    expect(executed(xml, '5903', taken('5903'))).toEqual([
      ['answer', ''],
      ['valet_park', `5900@${DOMAIN} 5903`],
    ]);
    expect(executed(xml, '5903', taken('5901'))).toEqual([['hangup', 'UNALLOCATED_NUMBER']]);
  });

  it('monitor: listens to the extension’s current call, without a way to talk; nothing to hear ends it', () => {
    const plan = dial('*331001');
    const busy = answer(
      plan,
      '*331001',
      context({ monitorTarget: (ext) => (ext === '1001' ? 'uuid-of-call' : null) }),
    );
    expect(executed(busy, '*331001')).toEqual([
      ['answer', ''],
      ['set', 'eavesdrop_enable_dtmf=false'],
      ['eavesdrop', 'uuid-of-call'],
      ['hangup', 'NORMAL_CLEARING'],
    ]);
    expect(executed(answer(plan, '*331001'), '*331001')).toEqual([['hangup', 'NORMAL_CLEARING']]);
    expect(isReusable(plan)).toBe(false);
  });

  it('pick-up: intercepts the caller of the call ringing the extension, unanswered only; nothing ringing ends it', () => {
    const plan = dial('*81001');
    const ringing = answer(
      plan,
      '*81001',
      context({ pickupTarget: (ext) => (ext === '1001' ? 'uuid-of-caller' : null) }),
    );
    expect(executed(ringing, '*81001')).toEqual([
      ['set', 'intercept_unanswered_only=true'],
      ['intercept', 'uuid-of-caller'],
      ['hangup', 'NORMAL_CLEARING'],
    ]);
    expect(executed(answer(plan, '*81001'), '*81001')).toEqual([['hangup', 'NORMAL_CLEARING']]);
    expect(isReusable(plan)).toBe(false);
  });

  it('keeps tenant text out of FreeSWITCH’s variable expansion', () => {
    const plan: RoutePlan = {
      kind: 'incoming',
      number: '0312345678',
      callerIdNamePrefix: '代表${system(rm -rf /)}',
      dialplanNumber: '8001',
      conditionName: 'anti',
      conditionType: 'anti',
      conditionOrder: 999,
      actionType: 'hangup',
      then: hangup('schedule-hangup'),
    };
    const [set] = executed(answer(plan, '0312345678', context({ context: 'public' })), '0312345678');
    expect(set).toEqual(['set', 'effective_caller_id_name=代表system(rm -rf /)#${caller_id_name}']);
  });

  it('never puts an unusual dialled string into a regular expression', () => {
    const xml = answer(
      route(config, { dialled: '${x}', caller: '1002', instant: 0, context: 'internal' }),
      '${x}',
    );
    expect(onlyExtension(xml).conditions[0]?.expression).toBe('^.*$');
    expect(executed(xml, '${x}')).toEqual([['hangup', 'INVALID_NUMBER_FORMAT']]);
  });
});

describe('ivr.conf', () => {
  const ivr = config.ivrMenus.get('500')?.plan;
  if (!ivr) throw new Error('sample tenant has no IVR 500');

  it('builds the menu in the shape of the recorded answer, with the routing model’s timing', () => {
    const xml = buildIvrMenuXml(ivr, DOMAIN, media);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
        '<document type="freeswitch/xml">',
        '  <section name="configuration">',
        '    <configuration name="ivr.conf" description="IVR menus">',
        '      <menus>',
        `        <menu name="500@${DOMAIN}" greet-long="${RECORDINGS}/m.wav" greet-short="${RECORDINGS}/m.wav" invalid-sound="ivr/ivr-that_was_an_invalid_entry.wav" exit-sound="voicemail/vm-goodbye.wav" timeout="10000" inter-digit-timeout="2000" max-failures="3" max-timeouts="3" digit-len="1">`,
        `          <entry action="menu-exec-app" digits="1" param="transfer 300 XML ${DOMAIN}"/>`,
        `          <entry action="menu-exec-app" digits="2" param="transfer 1002 XML ${DOMAIN}"/>`,
        `          <entry action="menu-exec-app" digits="3" param="transfer 501 XML ${DOMAIN}"/>`,
        `          <entry action="menu-exec-app" digits="#" param="transfer 500 XML ${DOMAIN}"/>`,
        '        </menu>',
        '      </menus>',
        '    </configuration>',
        '  </section>',
        '</document>',
        '',
      ].join('\n'),
    );
  });

  it('has the elements and attributes of the menu FreeSWITCH was recorded loading', () => {
    const names = (xml: string) => [...xml.matchAll(/<(\w[\w-]*)|\s([\w-]+)="/g)].map((m) => m[1] ?? m[2]);
    const recorded = new Set(
      names(fixtureText('xml_curl/30-configuration-ivr.conf-menu-tenant_a_main.response-we-sent.xml')),
    );
    for (const name of names(buildIvrMenuXml(ivr, DOMAIN, media))) expect(recorded, name).toContain(name);
  });

  it('waits in silence when the greeting recording is gone', () => {
    expect(buildIvrMenuXml(ivr, DOMAIN, () => null)).toContain('greet-long="silence_stream://500"');
  });
});

describe('against the recorded dialplan requests', () => {
  const recorded = (name: string) => ({
    request: parseXmlCurlRequest(fixtureText(`xml_curl/${name}.request-body.form`)),
    response: readDialplan(fixtureText(`xml_curl/${name}.response-we-sent.xml`)),
  });

  it('answers in the context FreeSWITCH asked for, in the recorded document shape', () => {
    for (const name of [
      '20-dialplan-loopback-5901-valet-park',
      '21-dialplan-sofia-leg-transfer-to-9196-click-to-call',
      '22-dialplan-verto-invite-9196',
      '23-dialplan-verto-invite-0000-no-route',
    ]) {
      const { request, response } = recorded(name);
      if (request.section !== 'dialplan') throw new Error(`${name} is not a dialplan request`);
      const plan = route(config, {
        dialled: request.destinationNumber,
        caller: '1002',
        instant: 0,
        context: 'internal',
      });
      const xml = answer(plan, request.destinationNumber);
      expect(readDialplan(xml).context).toBe(request.context);
      expect(request.context).toBe(response.context);
      // Like each recorded extension, ours holds conditions on destination_number with actions.
      const [first] = onlyExtension(xml).conditions;
      expect(response.extensions.every((e) => e.conditions[0]?.field === 'destination_number')).toBe(true);
      expect(first?.field).toBe('destination_number');
      expect(new RegExp(first?.expression ?? '').test(request.destinationNumber)).toBe(true);
      expect(executed(xml, request.destinationNumber).length).toBeGreaterThan(0);
    }
  });

  it('retrieves from slot 5901 with the very applications the recorded valet extension ran', () => {
    const { request, response } = recorded('20-dialplan-loopback-5901-valet-park');
    if (request.section !== 'dialplan') throw new Error('not a dialplan request');
    const slot = response.extensions.find((e) => e.name === 'valet_slot')?.conditions[0];
    const recordedApps = slot?.actions.map(([app, data]) => [
      app,
      data.replace('$1', request.destinationNumber),
    ]);
    const ours = executed(answer(dial('5901'), '5901'), '5901', () => '>5901<');
    expect(ours).toEqual(recordedApps);
  });
});
