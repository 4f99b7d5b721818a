import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../../platform/crypto/secrets';
import { dialplans, domains, extensions, recordings, timeConditions } from '../../../platform/db/schema';
import { buildRecordedOffice, type RecordedOffice } from '../../../testing/recorded-office';
import { RECORDED_DOMAIN } from '../../../testing/recorded-tenant';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import type { CallRecord } from '../../engine';
import type { FreeswitchEngine } from '../engine/freeswitch-engine';
import { executed, readDialplan } from '../testing/dialplan-reading';
import { fixture, fixtureNames, fixtureText } from '../testing/fixtures';
import {
  basicAuth as basic,
  recordedForm,
  startXmlExchange,
  type XmlExchange,
} from '../testing/xml-exchange';
import { xmlPaths } from '../testing/xml-paths';
import { childElements, parseXml } from '../xml/xml-parse';
import { NOT_FOUND_XML } from '../xml/xml';

let t: TestApp;
let exchange: XmlExchange;
let engine: FreeswitchEngine;
let settings: XmlExchange['settings'];
let post: XmlExchange['post'];
/** The tenant the recorded requests name, and a second one (testing/recorded-office.ts). */
let office: RecordedOffice;
let tenantUuid: string;

beforeAll(async () => {
  t = await createTestApp();
  office = await buildRecordedOffice(t);
  tenantUuid = office.tenant.domainUuid;
  exchange = await startXmlExchange(t);
  ({ engine, settings, post } = exchange);
});

afterAll(async () => {
  await exchange.close();
  await t.close();
  expect(exchange.errors).toEqual([]);
});

async function passwordOf(domainUuid: string, extension: string) {
  const [row] = await t.database.db
    .select()
    .from(extensions)
    .where(and(eq(extensions.domainUuid, domainUuid), eq(extensions.extension, extension)));
  if (!row) throw new Error(`no extension ${extension}`);
  return createSecretBox(t.config.secretKey).open(row.passwordEnc);
}

const userParams = (xml: string, ext: string) =>
  Object.fromEntries(
    xmlPaths(parseXml(xml))
      .filter((p) => p.includes(`/user[id=${ext}]/`))
      .map((p) => /\[name=([^\]]+)\]\[value=(.*)\]$/.exec(p))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1], m[2]]),
  );

describe('POST /fs/xml directory (recorded requests)', () => {
  it('answers a REGISTER digest check with the extension’s password and its verto settings', async () => {
    const res = await post(recordedForm('10-directory-sip_auth-REGISTER-1001'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/xml; charset=utf-8');
    const params = userParams(res.body, '1001');
    expect(params).toMatchObject({
      password: await passwordOf(tenantUuid, '1001'),
      'jsonrpc-allowed-methods': 'verto',
      'verto-context': RECORDED_DOMAIN,
      user_context: RECORDED_DOMAIN,
      effective_caller_id_name: '山田 太郎',
      effective_caller_id_number: '1001',
      presence_id: `1001@${RECORDED_DOMAIN}`,
      do_not_disturb: 'false',
      domain_uuid: tenantUuid,
    });
    // Every parameter and variable name the recorder answered with is there too, but its extras.
    const names = (xml: string) =>
      new Set(
        xmlPaths(parseXml(xml))
          .map((p) => /\[name=([^\]]+)\]\[value=/.exec(p)?.[1])
          .filter(Boolean),
      );
    const recorded = names(fixtureText('xml_curl/10-directory-sip_auth-REGISTER-1001.response-we-sent.xml'));
    const ours = names(res.body);
    for (const name of recorded)
      if (!['vm-password', 'record_stereo', 'tenant_id'].includes(name ?? '')) expect(ours).toContain(name);
  });

  it('answers a verto login, a user/ call and a plain lookup with the same user (FreeSWITCH checks the password)', async () => {
    const sipAuth = (await post(recordedForm('10-directory-sip_auth-REGISTER-1001'))).body;
    for (const name of [
      '14-directory-jsonrpc-authenticate-verto-login-ok',
      '13-directory-jsonrpc-authenticate-verto-login-wrong-password',
      '15-directory-user_call-1001-click-to-call',
      '17-directory-plain-user-lookup-during-verto-invite',
    ]) {
      const res = await post(recordedForm(name));
      expect(res.statusCode, name).toBe(200);
      expect(res.body, name).toBe(sipAuth);
    }
    const wrong = await post(recordedForm('11-directory-sip_auth-REGISTER-1002-wrong-password'));
    expect(userParams(wrong.body, '1002').password).toBe(await passwordOf(tenantUuid, '1002'));
  });

  it('answers "not found" for an unknown user, an unknown domain and FreeSWITCH’s start-up scans', async () => {
    for (const name of [
      '16-directory-user_call-1099-unknown-user-notfound',
      '03-startup-directory-purpose-gateways-notfound',
      '04-startup-directory-purpose-network-list-notfound',
    ]) {
      expect((await post(recordedForm(name))).body, name).toBe(NOT_FOUND_XML);
    }
    const elsewhere = fixtureText('xml_curl/10-directory-sip_auth-REGISTER-1001.request-body.form');
    expect((await post(elsewhere)).body).toBe(NOT_FOUND_XML);
  });

  it('keeps each tenant’s users apart', async () => {
    const { tenant } = office.other;
    const other = recordedForm('10-directory-sip_auth-REGISTER-1001').replaceAll(
      RECORDED_DOMAIN,
      tenant.domainName,
    );
    const params = userParams((await post(other)).body, '1001');
    expect(params.password).toBe(await passwordOf(tenant.domainUuid, '1001'));
    expect(params.password).not.toBe(await passwordOf(tenantUuid, '1001'));
    expect(params.effective_caller_id_name).toBe('佐藤 次郎');
  });

  it('keeps answers until the tenant’s extensions change, then answers afresh (disabled → not found)', async () => {
    const form = recordedForm('12-directory-sip_auth-REGISTER-1002');
    const before = (await post(form)).body;
    const where = and(eq(extensions.domainUuid, tenantUuid), eq(extensions.extension, '1002'));
    await t.database.db.update(extensions).set({ doNotDisturb: true }).where(where);
    expect((await post(form)).body).toBe(before);
    engine.configChanged(tenantUuid, 'extension');
    expect(userParams((await post(form)).body, '1002')).toMatchObject({
      'dial-string': 'error/user_busy',
      do_not_disturb: 'true',
    });
    await t.database.db.update(extensions).set({ enabled: false }).where(where);
    engine.configChanged(tenantUuid, 'extension');
    expect((await post(form)).body).toBe(NOT_FOUND_XML);
    await t.database.db.update(extensions).set({ enabled: true, doNotDisturb: false }).where(where);
    engine.configChanged(tenantUuid, 'extension');
    expect((await post(form)).body).toBe(before);
  });
});

describe('POST /fs/xml dialplan (recorded requests)', () => {
  it.each([
    ['20-dialplan-loopback-5901-valet-park', '5901'],
    ['22-dialplan-verto-invite-9196', '9196'],
    ['23-dialplan-verto-invite-0000-no-route', '0000'],
  ])('%s: a valid answer in the asked context, from the routing model', async (name, dialled) => {
    const res = await post(recordedForm(name));
    expect(res.statusCode).toBe(200);
    const dialplan = readDialplan(res.body);
    expect(dialplan.context).toBe(RECORDED_DOMAIN);
    expect(dialplan.extensions).toHaveLength(1);
    const apps = executed(res.body, dialled);
    expect(apps.slice(0, 3)).toEqual([
      ['set', `domain_name=${RECORDED_DOMAIN}`],
      ['set', `domain_uuid=${tenantUuid}`],
      ['set', 'call_direction=local'],
    ]);
  });

  it('retrieves from a taken slot 5901 with valet_park, and refuses an empty one', async () => {
    const xml = (await post(recordedForm('20-dialplan-loopback-5901-valet-park'))).body;
    const taken = (field: string) =>
      field === `\${valet_info(5900@${RECORDED_DOMAIN})}` ? '<extension uuid="x">5901</extension>' : '';
    expect(executed(xml, '5901', taken).slice(3)).toEqual([
      ['answer', ''],
      ['valet_park', `5900@${RECORDED_DOMAIN} 5901`],
    ]);
    expect(executed(xml, '5901').slice(3)).toEqual([['hangup', 'UNALLOCATED_NUMBER']]);
  });

  it('routes numbers the tenant does not have to a refusal (9196, 0000)', async () => {
    for (const [name, dialled] of [
      ['22-dialplan-verto-invite-9196', '9196'],
      ['23-dialplan-verto-invite-0000-no-route', '0000'],
    ] as const) {
      expect(executed((await post(recordedForm(name))).body, dialled).slice(3)).toEqual([
        ['hangup', 'UNALLOCATED_NUMBER'],
      ]);
    }
  });

  it('routes a click-to-call leg as the user whose phone it rang, not as the number it shows', async () => {
    // The recorded leg shows 5551234 (the number to call) but rang 1001: dialling 1001 is calling oneself.
    const form = recordedForm('21-dialplan-sofia-leg-transfer-to-9196-click-to-call', {
      'Caller-Destination-Number': '1001',
    });
    expect(executed((await post(form)).body, '1001').slice(3)).toEqual([['hangup', 'USER_BUSY']]);
    const toColleague = recordedForm('21-dialplan-sofia-leg-transfer-to-9196-click-to-call', {
      'Caller-Destination-Number': '1002',
    });
    expect(executed((await post(toColleague)).body, '1002').find(([app]) => app === 'bridge')?.[1]).toContain(
      `presence_id=1002@${RECORDED_DOMAIN}`,
    );
  });

  it('keeps a routing answer until the tenant changes, then routes afresh', async () => {
    const form = recordedForm('22-dialplan-verto-invite-9196', { 'Caller-Destination-Number': '1002' });
    const ringing = (await post(form)).body;
    expect(executed(ringing, '1002').some(([app]) => app === 'bridge')).toBe(true);
    const where = and(eq(extensions.domainUuid, tenantUuid), eq(extensions.extension, '1002'));
    await t.database.db.update(extensions).set({ doNotDisturb: true }).where(where);
    expect((await post(form)).body).toBe(ringing);
    engine.configChanged(tenantUuid, 'extension');
    expect(executed((await post(form)).body, '1002').slice(3)).toEqual([['hangup', 'USER_BUSY']]);
    await t.database.db.update(extensions).set({ doNotDisturb: false }).where(where);
    engine.configChanged(tenantUuid, 'extension');
  });

  /** The recorded verto invite, as an outside call to the office’s main number at a given instant. */
  const outsideCall = (number: string, at: string) =>
    recordedForm('22-dialplan-verto-invite-9196', {
      'Caller-Context': 'public',
      'Hunt-Context': 'public',
      'Caller-Destination-Number': number,
      'Caller-Caller-ID-Number': '09011112222',
      'Event-Date-Timestamp': String(Date.parse(at) * 1000),
    });

  it('routes an outside call by the business hours at the request’s instant, in the public context', async () => {
    const open = (await post(outsideCall('0312345678', '2026-11-24T10:00:00+09:00'))).body;
    expect(readDialplan(open).context).toBe('public');
    expect(executed(open, '0312345678')).toEqual([
      ['set', `domain_name=${RECORDED_DOMAIN}`],
      ['set', `domain_uuid=${tenantUuid}`],
      ['set', 'call_direction=inbound'],
      ['set', 'effective_caller_id_name=代表#${caller_id_name}'],
      ['answer', ''],
      ['sleep', '200'],
      ['ivr', `5000@${RECORDED_DOMAIN}`],
      ['hangup', 'NORMAL_CLEARING'],
    ]);
    const [closed] = await t.database.db
      .select()
      .from(recordings)
      .where(
        and(eq(recordings.domainUuid, tenantUuid), eq(recordings.recordingFilename, 'default_closed.wav')),
      );
    expect(
      executed((await post(outsideCall('0312345678', '2026-11-24T21:00:00+09:00'))).body, '0312345678').slice(
        4,
      ),
    ).toEqual([
      // Closed: the call is marked out of hours for the call model (calls.result 'out_of_hours').
      ['set', 'tsunagu_out_of_hours=true'],
      ['playback', `${settings.recordingsPath}/${tenantUuid}/${closed?.storageName}`],
      ['hangup', 'NORMAL_CLEARING'],
    ]);
  });

  it('answers a stored holiday rule from the holiday’s first to its last second, and not a second after', async () => {
    // 勤労感謝の日 2026-11-23 (a Monday) and the office's founding day 06-15: hung up, whatever the hour.
    const [schedule] = await t.database.db
      .select()
      .from(dialplans)
      .where(and(eq(dialplans.domainUuid, tenantUuid), eq(dialplans.dialplanNumber, '2000')));
    const holidayUuid = randomUUID();
    await t.database.db.insert(timeConditions).values({
      timeConditionUuid: holidayUuid,
      dialplanUuid: schedule?.dialplanUuid ?? '',
      domainUuid: tenantUuid,
      timeConditionName: '祝日',
      timeConditionType: 'holiday',
      timeConditionOrder: 505,
      timeConditionClosedDays: [{ name: '創立記念日', date: '06-15' }],
      timeConditionActionType: 'hangup',
    });
    engine.configChanged(tenantUuid, 'schedule');
    const answerAt = async (at: string) =>
      executed((await post(outsideCall('0312345678', at))).body, '0312345678').slice(4);
    try {
      for (const at of [
        '2026-11-23T00:00:00+09:00',
        '2026-11-23T10:00:00+09:00',
        '2026-11-23T23:59:59+09:00',
        '2027-06-15T10:00:00+09:00',
      ]) {
        expect(await answerAt(at)).toEqual([
          ['set', 'tsunagu_out_of_hours=true'],
          ['hangup', 'NORMAL_CLEARING'],
        ]);
      }
      // The working day after: the night's closed announcement at 00:00:00, the IVR at 10:00.
      expect((await answerAt('2026-11-24T00:00:00+09:00'))[1]?.[0]).toBe('playback');
      expect(await answerAt('2026-11-24T10:00:00+09:00')).toContainEqual(['ivr', `5000@${RECORDED_DOMAIN}`]);
    } finally {
      await t.database.db.delete(timeConditions).where(eq(timeConditions.timeConditionUuid, holidayUuid));
      engine.configChanged(tenantUuid, 'schedule');
    }
  });

  it('refuses an outside call to a number nobody has, rather than let FreeSWITCH fall back', async () => {
    const res = await post(outsideCall('0399999999', '2026-11-24T10:00:00+09:00'));
    expect(readDialplan(res.body).context).toBe('public');
    expect(executed(res.body, '0399999999')).toEqual([['hangup', 'UNALLOCATED_NUMBER']]);
  });

  it('refuses every call to and from a disabled tenant, and routes them again once it is enabled', async () => {
    const register = recordedForm('12-directory-sip_auth-REGISTER-1002');
    const internal = recordedForm('22-dialplan-verto-invite-9196');
    const outside = outsideCall('0312345678', '2026-11-24T10:00:00+09:00');
    const before = { register: (await post(register)).body, outside: (await post(outside)).body };
    const setEnabled = async (enabled: boolean) => {
      await t.database.db.update(domains).set({ enabled }).where(eq(domains.domainUuid, tenantUuid));
      // What the tenant service does on disable and enable: every kind is reloaded.
      for (const kind of ['extension', 'destination'] as const) engine.configChanged(tenantUuid, kind);
    };
    await setEnabled(false);
    try {
      expect((await post(register)).body).toBe(NOT_FOUND_XML);
      expect(executed((await post(internal)).body, '9196')).toEqual([['hangup', 'UNALLOCATED_NUMBER']]);
      expect(executed((await post(outside)).body, '0312345678')).toEqual([['hangup', 'UNALLOCATED_NUMBER']]);
    } finally {
      await setEnabled(true);
    }
    expect((await post(register)).body).toBe(before.register);
    expect((await post(outside)).body).toBe(before.outside);
  });

  it('answers "not found" for a context that is no tenant’s', async () => {
    const form = recordedForm('22-dialplan-verto-invite-9196', {
      'Caller-Context': 'default',
      'Hunt-Context': 'default',
    });
    expect((await post(form)).body).toBe(NOT_FOUND_XML);
  });
});

describe('POST /fs/xml configuration', () => {
  it('answers ivr.conf for the tenant’s menu with its keys', async () => {
    const res = await post(
      recordedForm('30-configuration-ivr.conf-menu-tenant_a_main', {
        'Menu-Name': `5000@${RECORDED_DOMAIN}`,
      }),
    );
    const menu = childElements(
      childElements(
        childElements(childElements(parseXml(res.body), 'section')[0]!, 'configuration')[0]!,
        'menus',
      )[0]!,
      'menu',
    )[0];
    expect(menu?.attrs.name).toBe(`5000@${RECORDED_DOMAIN}`);
    expect(menu?.attrs['greet-long']).toMatch(new RegExp(`^${settings.recordingsPath}/${tenantUuid}/`));
    expect(childElements(menu!, 'entry').map((e) => [e.attrs.digits, e.attrs.param])).toEqual([
      ['1', `transfer 300 XML ${RECORDED_DOMAIN}`],
      ['2', `transfer 1000 XML ${RECORDED_DOMAIN}`],
    ]);
  });

  it('answers "not found" for menus that are not ours and for every other file', async () => {
    expect((await post(recordedForm('30-configuration-ivr.conf-menu-tenant_a_main'))).body).toBe(
      NOT_FOUND_XML,
    );
    for (const name of fixtureNames('xml_curl', '.request-body.form').filter((n) =>
      n.includes('startup-configuration'),
    )) {
      expect((await post(recordedForm(name.replace('.request-body.form', '')))).body, name).toBe(
        NOT_FOUND_XML,
      );
    }
  });
});

describe('who may call /fs/*', () => {
  const form = () => recordedForm('10-directory-sip_auth-REGISTER-1001');

  it('refuses a request without the secret, or with another (401, asking for Basic)', async () => {
    for (const auth of [
      null,
      basic('freeswitch', 'wrong-secret-000000'),
      'Bearer x',
      basic('freeswitch', ''),
    ]) {
      const res = await post(form(), { auth });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Basic /);
      expect(res.body).not.toContain('password');
    }
    expect((await post('cdr={}', { url: '/fs/cdr', auth: null })).statusCode).toBe(401);
  });

  it('refuses an address outside the allow-list even with the secret (403), and accepts listed blocks', async () => {
    for (const address of ['10.2.0.1', '192.0.2.7', '::1']) {
      const res = await post(form(), { address });
      expect(res.statusCode, address).toBe(403);
      expect(res.body).toBe('このアドレスからの接続は許可されていません。');
    }
    expect((await post(form(), { address: '10.1.200.3' })).statusCode).toBe(200);
    expect((await post(form(), { address: '::ffff:127.0.0.1' })).statusCode).toBe(200);
  });
});

describe('POST /fs/cdr (recorded mod_json_cdr posts)', () => {
  const records: CallRecord[] = [];
  beforeAll(() => void engine.on('cdr', (record) => records.push(record)));

  const recordedCdr = (name: string) =>
    fixture(`json_cdr/${name}.body.json`).toString('utf8').replaceAll('tenant-a.example', RECORDED_DOMAIN);

  it('takes a raw JSON post and reports the leg for the call history', async () => {
    records.length = 0;
    const res = await post(recordedCdr('cdr-encode-values-true-user-bridge-user-a-leg'), {
      url: '/fs/cdr',
      type: 'application/json',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
    const body = JSON.parse(recordedCdr('cdr-encode-values-true-user-bridge-user-a-leg')) as {
      variables: Record<string, string>;
    };
    expect(records).toEqual([
      expect.objectContaining({
        domainName: RECORDED_DOMAIN,
        callUuid: body.variables.uuid,
        extension: '1002',
        direction: 'local',
        callerIdNumber: '1002',
        destinationNumber: '1001',
        billsec: Number(body.variables.billsec),
        hangupCause: 'NORMAL_CLEARING',
      }),
    ]);
  });

  it('reads the same leg from a form-encoded cdr= post (mod_json_cdr encode=true) and plain values', async () => {
    records.length = 0;
    const json = recordedCdr('cdr-encode-values-true-user-bridge-user-a-leg');
    await post(json, { url: '/fs/cdr', type: 'application/json' });
    await post(`cdr=${encodeURIComponent(json)}`, { url: '/fs/cdr' });
    expect(records).toHaveLength(2);
    expect(records[1]).toEqual(records[0]);
    const plain = await post(recordedCdr('cdr-encode-values-false-sip-click-to-call-b-leg'), {
      url: '/fs/cdr',
      type: 'application/json',
    });
    expect(plain.statusCode).toBe(200);
  });

  it('skips the fork that lost the race to answer, and legs of no tenant', async () => {
    records.length = 0;
    for (const name of [
      'cdr-encode-values-true-click-to-call-verto-fork-LOSE_RACE',
      'cdr-encode-values-false-sip-click-to-call-a-leg',
    ]) {
      expect((await post(recordedCdr(name), { url: '/fs/cdr', type: 'application/json' })).statusCode).toBe(
        200,
      );
    }
    const foreign = fixture('json_cdr/cdr-encode-values-true-verto-inbound-call.body.json').toString('utf8');
    expect((await post(foreign, { url: '/fs/cdr', type: 'application/json' })).statusCode).toBe(200);
    expect(records).toEqual([]);
  });

  it('refuses a body that is no call record (400)', async () => {
    const res = await post('{"nothing": true}', { url: '/fs/cdr', type: 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('通話記録を読み取れません。');
  });
});
