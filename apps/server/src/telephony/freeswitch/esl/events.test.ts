import { describe, expect, it } from 'vitest';
import type { CallStateEntry, FreeswitchEngineEvent } from '../types';
import { VERTO_STATUS_NO_CLIENTS } from '../testing/fake-esl';
import { fixture, fixtureNames, fixtureText } from '../testing/fixtures';
import { EslDecoder, type EslEvent, type EslMessage } from './esl-codec';
import {
  callStateEntryFromEvent,
  parseShowChannels,
  parseShowRegistrations,
  parseValetInfo,
  parseVertoXmlStatus,
  toEngineEvent,
} from './events';

const messagesOf = (session: string): EslMessage[] => new EslDecoder().push(fixture(`esl/${session}.rx.raw`));

function engineEvents(session: string): FreeswitchEngineEvent[] {
  return messagesOf(session).flatMap((m) => {
    const mapped = m.type === 'event' ? toEngineEvent(m.event) : null;
    return mapped ? [mapped] : [];
  });
}

const apiBody = (frame: string) => {
  const [message] = new EslDecoder().push(fixture(`esl/frames/${frame}`));
  if (message?.type !== 'api/response') throw new Error(`${frame} is not an api response`);
  return message.body;
};

const eventOf = (headers: Record<string, string>): EslEvent => headers;

describe('registrations', () => {
  it('follows SIP and verto registrations through the recorded session', () => {
    const registrations = engineEvents('esl-session').filter((e) => e.kind === 'registration');
    expect(registrations).toEqual([
      {
        kind: 'registration',
        extension: '1001',
        domain: 'tenant-a.example',
        registered: true,
        via: 'sip',
        contactId: '1-11498@127.0.0.1',
      },
      {
        kind: 'registration',
        extension: '1002',
        domain: 'tenant-a.example',
        registered: true,
        via: 'sip',
        contactId: '1-11502@127.0.0.1',
      },
      {
        kind: 'registration',
        extension: '1001',
        domain: 'tenant-a.example',
        registered: true,
        via: 'verto',
        contactId: '127.0.0.1:42958',
      },
      {
        kind: 'registration',
        extension: '1001',
        domain: 'tenant-a.example',
        registered: false,
        via: 'sip',
        contactId: '1-11857@127.0.0.1',
      },
      {
        kind: 'registration',
        extension: '1001',
        domain: 'tenant-a.example',
        registered: false,
        via: 'verto',
        contactId: '127.0.0.1:42958',
      },
    ]);
  });

  it('ignores a failed verto login, a wrong SIP password and bare connects', () => {
    const customs = messagesOf('esl-session').flatMap((m) =>
      m.type === 'event' && m.event['Event-Name'] === 'CUSTOM' ? [m.event] : [],
    );
    const failedLogin = customs.find(
      (e) => e['Event-Subclass'] === 'verto::login' && e.verto_success === '0',
    );
    const failure = customs.find((e) => e['Event-Subclass'] === 'sofia::register_failure');
    const connect = customs.find((e) => e['Event-Subclass'] === 'verto::client_connect');
    const attempt = customs.find((e) => e['Event-Subclass'] === 'sofia::register_attempt');
    for (const event of [failedLogin, failure, connect, attempt]) {
      expect(event).toBeDefined();
      expect(toEngineEvent(event!)).toBeNull();
    }
  });

  it('treats sofia::expire as going offline', () => {
    const expire = eventOf({
      'Event-Name': 'CUSTOM',
      'Event-Subclass': 'sofia::expire',
      'profile-name': 'internal',
      'call-id': 'c-1',
      user: '1002',
      host: 'tenant-a.example',
      expires: '0',
    });
    expect(toEngineEvent(expire)).toEqual({
      kind: 'registration',
      extension: '1002',
      domain: 'tenant-a.example',
      registered: false,
      via: 'sip',
      contactId: 'c-1',
    });
  });

  it('ignores a verto disconnect of a socket that never logged in', () => {
    const event = eventOf({
      'Event-Name': 'CUSTOM',
      'Event-Subclass': 'verto::client_disconnect',
      verto_client_address: '1.2.3.4:5',
    });
    expect(toEngineEvent(event)).toBeNull();
  });
});

describe('park lots', () => {
  it('reports park, retrieve and hang-up in the lot from JSON events', () => {
    const parks = engineEvents('esl-session').flatMap((e) => (e.kind === 'park' ? [e] : []));
    expect(parks.map((p) => [p.action, p.slot, p.occupied, p.uuid.slice(0, 8)])).toEqual([
      ['hold', '5901', true, '12fd1824'],
      ['bridge', '5901', false, '12fd1824'],
      ['exit', '5901', false, '12fd1824'],
      ['hold', '5901', true, '1a1141e2'],
      ['exit', '5901', false, '1a1141e2'],
    ]);
    expect(parks[0]).toMatchObject({
      lot: '5900@tenant-a.example',
      domain: 'tenant-a.example',
      callerIdNumber: '1002',
      callerIdName: 'Bob Example',
    });
  });

  it('reads the same events in plain format', () => {
    const parks = engineEvents('esl-plain').flatMap((e) => (e.kind === 'park' ? [e] : []));
    expect(parks.map((p) => [p.action, p.lot, p.slot, p.occupied])).toEqual([
      ['hold', '5900@tenant-a.example', '5902', true],
      ['exit', '5900@tenant-a.example', '5902', false],
    ]);
  });

  it('reads valet_info: empty, one parked call, and a lot left empty', () => {
    const bodies = messagesOf('esl-session').flatMap((m) =>
      m.type === 'api/response' && m.body.startsWith('<lots>') ? [m.body] : [],
    );
    expect(bodies.map(parseValetInfo)).toEqual([
      [],
      [
        {
          lot: '5900@tenant-a.example',
          domain: 'tenant-a.example',
          slot: '5901',
          uuid: '12fd1824-4605-4269-b877-dd38590aad63',
        },
      ],
      [
        {
          lot: '5900@tenant-a.example',
          domain: 'tenant-a.example',
          slot: '5901',
          uuid: '12fd1824-4605-4269-b877-dd38590aad63',
        },
      ],
      [],
      [
        {
          lot: '5900@tenant-a.example',
          domain: 'tenant-a.example',
          slot: '5901',
          uuid: '1a1141e2-f9db-428c-9b5a-bf1e75d6d2bb',
        },
      ],
    ]);
    expect(parseValetInfo(apiBody('esl-plain-api-valet_info-5902.reply.frame'))).toEqual([
      {
        lot: '5900@tenant-a.example',
        domain: 'tenant-a.example',
        slot: '5902',
        uuid: '77aecca2-d7d4-4671-af64-2a4a06d3e480',
      },
    ]);
  });
});

describe('call state', () => {
  /** Replays a session, keeping each live channel's latest entry, and checks every `show channels`. */
  function replay(
    session: string,
    check: (rows: CallStateEntry[], live: Map<string, CallStateEntry>) => void,
  ) {
    const live = new Map<string, CallStateEntry>();
    for (const m of messagesOf(session)) {
      if (m.type === 'event') {
        const e = toEngineEvent(m.event);
        if (e?.kind === 'call-state') live.set(e.entry.uuid, e.entry);
        if (e?.kind === 'hangup') live.delete(e.uuid);
      }
      if (m.type === 'api/response' && m.body.startsWith('{"row_count"'))
        check(parseShowChannels(m.body), live);
    }
    return live;
  }

  it('knows every channel `show channels` lists, and none is left once all hung up', () => {
    for (const session of ['esl-session', 'esl-c2c']) {
      let checks = 0;
      const live = replay(session, (rows, known) => {
        checks++;
        for (const row of rows) expect(known.has(row.uuid), `${session} ${row.uuid}`).toBe(true);
      });
      expect(checks).toBeGreaterThan(0);
      expect([...live.keys()]).toEqual([]);
    }
  });

  it('builds the same entry from events as `show channels` reports for a bridged click-to-call', () => {
    const fields = [
      'uuid',
      'direction',
      'callstate',
      'dest',
      'application',
      'cid_name',
      'cid_num',
      'callee_num',
      'context',
      'name',
    ] as const;
    let compared = 0;
    replay('esl-c2c', (rows, live) => {
      for (const row of rows) {
        const fromEvents = live.get(row.uuid)!;
        for (const field of fields) expect(fromEvents[field], field).toBe(row[field]);
        compared++;
      }
    });
    expect(compared).toBe(2);
  });

  it('reports an answered channel as ACTIVE although the event still says RINGING', () => {
    const [message] = new EslDecoder().push(fixture('esl/frames/esl-c2c-event-json-CHANNEL_ANSWER-1.frame'));
    if (message?.type !== 'event') throw new Error('not an event');
    expect(message.event['Channel-Call-State']).toBe('RINGING');
    expect(toEngineEvent(message.event)).toMatchObject({
      kind: 'call-state',
      entry: { callstate: 'ACTIVE' },
    });
  });

  it('reports hang-ups with their cause', () => {
    const hangups = engineEvents('esl-c2c').flatMap((e) => (e.kind === 'hangup' ? [e] : []));
    expect(hangups.map((h) => [h.uuid.slice(0, 8), h.cause, h.call_uuid.slice(0, 8)])).toEqual([
      ['0ce723b9', 'NORMAL_CLEARING', 'fe338d5b'],
      ['fe338d5b', 'NORMAL_CLEARING', 'fe338d5b'],
    ]);
    const causes = new Set(
      engineEvents('esl-session').flatMap((e) => (e.kind === 'hangup' ? [e.cause] : [])),
    );
    expect(causes).toEqual(new Set(['NORMAL_CLEARING', 'LOSE_RACE', 'NO_ROUTE_DESTINATION']));
  });

  it('ignores events that carry no engine meaning', () => {
    const ignored = messagesOf('esl-session').flatMap((m) =>
      m.type === 'event' &&
      ['HEARTBEAT', 'PRESENCE_IN', 'BACKGROUND_JOB'].includes(m.event['Event-Name'] ?? '')
        ? [m.event]
        : [],
    );
    expect(ignored.length).toBeGreaterThan(10);
    expect(ignored.map(toEngineEvent).filter(Boolean)).toEqual([]);
  });
});

describe('parseShowChannels', () => {
  const frames = fixtureNames('esl/frames', '.reply.frame').filter((f) => f.includes('show-channels-json'));

  it.each(frames)('reads %s', (frame) => {
    const body = apiBody(frame);
    const rows = (JSON.parse(body) as { rows?: unknown[] }).rows ?? [];
    const entries = parseShowChannels(body);
    expect(entries).toHaveLength(rows.length);
    for (const entry of entries) {
      expect(entry.uuid).toMatch(/^[0-9a-f-]{36}$/);
      expect(['inbound', 'outbound']).toContain(entry.direction);
      expect(Object.values(entry).every((v) => typeof v === 'string')).toBe(true);
    }
  });

  it('answers [] for `{"row_count": 0}` without rows', () => {
    expect(parseShowChannels(apiBody('esl-session-api-show-channels-json-empty.reply.frame'))).toEqual([]);
  });

  it('reads a parked channel with its lot and slot', () => {
    const entries = parseShowChannels(apiBody('esl-session-api-show-channels-json-parked.reply.frame'));
    expect(entries.find((e) => e.application === 'valet_park')).toEqual({
      uuid: '12fd1824-4605-4269-b877-dd38590aad63',
      call_uuid: '12fd1824-4605-4269-b877-dd38590aad63',
      name: 'loopback/5901-b',
      direction: 'inbound',
      callstate: 'ACTIVE',
      dest: '5901',
      application: 'valet_park',
      application_data: '5900@tenant-a.example 5901',
      cid_name: 'Bob Example',
      cid_num: '1002',
      callee_name: 'Outbound Call',
      callee_num: 'tenant-a.example',
      sent_callee_num: '',
      presence_id: '',
      context: 'tenant-a.example',
      domain: 'tenant-a.example',
    });
  });

  it('reads presence_id of a user channel', () => {
    const [entry] = parseShowChannels(apiBody('esl-session-api-show-channels-json-verto.reply.frame'));
    expect(entry).toMatchObject({
      name: 'verto.rtc/9196',
      presence_id: '1001@tenant-a.example',
      dest: '9196',
      domain: 'tenant-a.example',
    });
  });

  it('refuses a body that is not JSON', () => {
    expect(() =>
      parseShowChannels(fixtureText('esl/frames/esl-plain-api-show-channels-text.reply.frame')),
    ).toThrow();
  });
});

describe('parseShowRegistrations', () => {
  const recorded = apiBody('esl-session-api-show-registrations-json.reply.frame');

  it('reads the recorded listing: one row per registered device, as reg_user@realm', () => {
    expect(parseShowRegistrations(recorded)).toEqual([{ extension: '1001', domain: 'tenant-a.example' }]);
  });

  it('lists every device of a user, whatever the other columns hold', () => {
    const [row] = (JSON.parse(recorded) as { rows: Record<string, string>[] }).rows;
    const second = { ...row, reg_user: '1002', token: '1-11502@127.0.0.1', network_port: '5093' };
    const third = { ...row, token: '1-99@127.0.0.1', network_proto: 'tcp' };
    const body = JSON.stringify({ row_count: 3, rows: [row, second, third] });
    expect(parseShowRegistrations(body)).toEqual([
      { extension: '1001', domain: 'tenant-a.example' },
      { extension: '1002', domain: 'tenant-a.example' },
      { extension: '1001', domain: 'tenant-a.example' },
    ]);
  });

  it('answers [] when nobody is registered, with or without rows', () => {
    // As FreeSWITCH answers `show channels as json` with nothing to list.
    const empty = apiBody('esl-session-api-show-channels-json-empty.reply.frame');
    expect(parseShowRegistrations(empty)).toEqual([]);
    expect(parseShowRegistrations('{"row_count":0,"rows":[]}')).toEqual([]);
  });

  it('skips a row that names no user or realm', () => {
    expect(
      parseShowRegistrations(
        '{"row_count":2,"rows":[{"reg_user":"","realm":"a.example"},{"reg_user":"1001"}]}',
      ),
    ).toEqual([]);
  });

  it('refuses what is no listing, rather than signing everybody out', () => {
    expect(() => parseShowRegistrations('-ERR show Command not found!\n')).toThrow();
    expect(() => parseShowRegistrations('{"rows":[]}')).toThrow();
    expect(() =>
      parseShowRegistrations(apiBody('esl-session-api-sofia-status-profile-internal-reg.reply.frame')),
    ).toThrow();
  });
});

describe('parseVertoXmlStatus', () => {
  const recorded = apiBody('esl-session-api-verto-xmlstatus.reply.frame');
  const clientBlock = /<client>[\s\S]*?<\/client>\n/;

  it('reads the recorded status: the logged-in client, not the profile', () => {
    expect(recorded).toContain('<name>default-v4</name>');
    expect(parseVertoXmlStatus(recorded)).toEqual([{ extension: '1001', domain: 'tenant-a.example' }]);
  });

  it('counts only logged-in clients (CONN_REG over WS or WSS), not bare connections', () => {
    const client = clientBlock.exec(recorded)![0];
    const other = (name: string, state: string) =>
      client
        .replace('1001@tenant-a.example', name)
        .replace('CONN_REG (WS)', state)
        .replace('127.0.0.1:42958', '127.0.0.1:43000');
    const body = recorded.replace(
      clientBlock,
      client +
        other('1002@tenant-a.example', 'CONN_NO_REG (WS)') +
        other('1003@tenant-a.example', 'CONN_REG (WSS)') +
        other('(null)@(null)', 'CONN_NO_REG (WSS)'),
    );
    expect(parseVertoXmlStatus(body)).toEqual([
      { extension: '1001', domain: 'tenant-a.example' },
      { extension: '1003', domain: 'tenant-a.example' },
    ]);
  });

  it('answers [] when no client is connected (the profile alone, as the fake FreeSWITCH answers)', () => {
    expect(recorded.replace(clientBlock, '')).toBe(VERTO_STATUS_NO_CLIENTS);
    expect(parseVertoXmlStatus(VERTO_STATUS_NO_CLIENTS)).toEqual([]);
  });

  it('refuses an answer that is no status (mod_verto not loaded, or the plain-text status)', () => {
    const notFound = apiBody('esl-session-api-unknown-command-ERR.reply.frame');
    expect(() => parseVertoXmlStatus(notFound.replace('nosuchcommand', 'verto'))).toThrow();
    expect(() => parseVertoXmlStatus(apiBody('esl-session-api-verto-status.reply.frame'))).toThrow();
    expect(() => parseVertoXmlStatus('<lots>\n</lots>\n')).toThrow();
  });
});

describe('a parked channel on the trial', () => {
  it('shows who parked it as its callee: 山田 (1001) parked 1002 on P3', () => {
    const hold = messagesOf('esl-trial').find(
      (m) =>
        m.type === 'event' &&
        m.event['Event-Subclass'] === 'valet_parking::info' &&
        m.event.Action === 'hold' &&
        m.event['Valet-Extension'] === '5903',
    );
    if (hold?.type !== 'event') throw new Error('the trial parked a call on P3');
    expect(callStateEntryFromEvent(hold.event)).toMatchObject({
      application: 'valet_park',
      dest: 'park+5903',
      cid_num: '1002',
      callee_num: '1001',
    });
  });
});

describe('a voicemail message left in a box (recorded)', () => {
  it('reads mod_voicemail’s leave-message and ignores its mwi-update', () => {
    // The caller 1001 (山田 太郎) spoke 8 s into box 1002 of demo.tsunagu.local; then the box's count.
    const raw = messagesOf('esl-voicemail').flatMap((m) =>
      m.type === 'event' && m.event['Event-Subclass'] === 'vm::maintenance' ? [m.event['VM-Action']] : [],
    );
    expect(raw).toEqual(['leave-message', 'mwi-update']);
    expect(engineEvents('esl-voicemail')).toEqual([
      {
        kind: 'voicemail',
        extension: '1002',
        domain: 'demo.tsunagu.local',
        // The channel's id (Unique-ID), not the file's msg_<id>: one message per call and box.
        uuid: '51f29cee-098a-429b-8d5e-cd1d2e18eb60',
        callerIdNumber: '1001',
        callerIdName: '山田 太郎',
        filePath:
          '/tmp/hv-fs/storage/voicemail/default/demo.tsunagu.local/1002/msg_bf09294d-d1c3-44e9-8d7d-3aec970c8674.wav',
        seconds: 8,
        at: new Date(1795878251 * 1000),
      },
    ]);
  });
});
