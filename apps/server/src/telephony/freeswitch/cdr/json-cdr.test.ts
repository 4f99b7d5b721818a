import { foldCall, type CallLegFacts } from '@tsunagu/contract';
import { describe, expect, it } from 'vitest';
import type { CallRecord } from '../types';
import { fixture, fixtureNames, recordedHttp } from '../testing/fixtures';
import { CdrParseError, parseJsonCdr, toCallRecord } from './json-cdr';

const curated = fixtureNames('json_cdr', '.request.http').map((n) => `json_cdr/${n}`);
const raw = fixtureNames('http-raw', '-cdr.http').map((n) => `http-raw/${n}`);

function recordedPost(file: string) {
  const { requestLine, headers, body } = recordedHttp(fixture(file));
  const uuid = /[?&]uuid=([0-9a-f-]+)/.exec(requestLine)?.[1];
  return { uuid, contentType: headers['content-type'] ?? '', body };
}

const bodyOf = (name: string) =>
  JSON.parse(fixture(`json_cdr/${name}.body.json`).toString('utf8')) as {
    variables: Record<string, string>;
    callflow: unknown;
  };
const recordOf = (name: string, options = {}) =>
  parseJsonCdr(fixture(`json_cdr/${name}.body.json`), 'application/json', options);

describe('parseJsonCdr on every recorded post', () => {
  it('has recorded posts to read', () => {
    expect(curated).toHaveLength(10);
    expect(raw).toHaveLength(30);
  });

  it.each([...curated, ...raw])('%s', (file) => {
    const post = recordedPost(file);
    const record = parseJsonCdr(post.body, post.contentType);
    const variables = (JSON.parse(post.body.toString('utf8')) as { variables: Record<string, string> })
      .variables;
    // mod_json_cdr appends ?uuid=<the leg's uuid>: the record's idempotency key must be that uuid.
    expect(record.uuid).toBe(post.uuid);
    expect(record.hangupCause).toBe(variables.hangup_cause);
    expect(record.duration).toBe(Number(variables.duration));
    expect(record.billsec).toBe(Number(variables.billsec));
    expect(record.startStamp.getTime()).toBe(Math.floor(Number(variables.start_uepoch) / 1000));
    expect(record.endStamp.getTime()).toBeGreaterThanOrEqual(record.startStamp.getTime());
    if (record.answerStamp)
      expect(record.answerStamp.getTime()).toBeGreaterThanOrEqual(record.startStamp.getTime());
    else expect(record.billsec).toBe(0);
    expect(record.callerIdNumber).not.toBe('');
    expect(record.destinationNumber).not.toMatch(/^u:|%/);
    expect(record.callerIdName).not.toMatch(/%[0-9A-F]{2}/);
  });

  it('reads a raw post the same as its curated copy', () => {
    const curatedByUuid = new Map(
      curated.map((file) => {
        const post = recordedPost(file);
        return [post.uuid, parseJsonCdr(post.body, post.contentType)];
      }),
    );
    let same = 0;
    for (const file of raw) {
      const post = recordedPost(file);
      const twin = curatedByUuid.get(post.uuid);
      if (!twin) continue;
      expect(parseJsonCdr(post.body, post.contentType)).toEqual(twin);
      same++;
    }
    expect(same).toBe(curated.length);
  });
});

describe('normalised call records', () => {
  const expected: [string, Partial<CallRecord>][] = [
    [
      'cdr-encode-values-false-sip-click-to-call-a-leg',
      {
        leg: 'a',
        direction: 'local',
        callerIdNumber: '1001',
        destinationNumber: '1002',
        billsec: 3,
        domainName: null,
      },
    ],
    [
      'cdr-encode-values-false-sip-click-to-call-b-leg',
      {
        leg: 'b',
        callUuid: 'fe338d5b-1fa2-41d2-9507-a81e9c673813',
        direction: 'local',
        callerIdNumber: '1001',
        callerIdName: 'Extension 1001',
        destinationNumber: '1002',
      },
    ],
    [
      'cdr-encode-values-true-click-to-call-a-leg-sofia',
      {
        direction: 'local',
        callerIdNumber: '1001',
        callerIdName: 'Extension 1001',
        destinationNumber: '9196',
        domainName: 'tenant-a.example',
      },
    ],
    [
      'cdr-encode-values-true-click-to-call-verto-fork-LOSE_RACE',
      {
        direction: 'inbound',
        callerIdNumber: '5551234',
        callerIdName: 'Click To Call',
        destinationNumber: '1001',
        billsec: 0,
        answerStamp: null,
        hangupCause: 'LOSE_RACE',
      },
    ],
    [
      'cdr-encode-values-true-user-bridge-user-a-leg',
      {
        leg: 'a',
        direction: 'local',
        callerIdNumber: '1002',
        destinationNumber: '1001',
        // The a-leg is 1002's phone (its presence), which called 1001.
        extensions: ['1002', '1001'],
      },
    ],
    [
      'cdr-encode-values-true-user-bridge-user-b-leg',
      {
        leg: 'b',
        callUuid: '803406d6-6e06-4ba7-8e1f-124008100938',
        callerIdNumber: '1002',
        destinationNumber: '1001',
      },
    ],
    [
      'cdr-encode-values-true-valet-parked-leg',
      {
        direction: 'local',
        callerIdNumber: '1002',
        callerIdName: 'Bob Example',
        destinationNumber: '5901',
        domainName: 'tenant-a.example',
      },
    ],
    [
      'cdr-encode-values-true-verto-inbound-call',
      { callerIdNumber: '1001', destinationNumber: '9196', duration: 4, billsec: 3 },
    ],
    [
      'cdr-encode-values-true-verto-no-route',
      {
        direction: 'local',
        callerIdNumber: '1001',
        destinationNumber: '0000',
        hangupCause: 'NO_ROUTE_DESTINATION',
        answerStamp: null,
        billsec: 0,
      },
    ],
    [
      'cdr-encode-values-true-verto-outbound-call-9196',
      {
        direction: 'local',
        callerIdNumber: '1001',
        callerIdName: 'Extension 1001',
        destinationNumber: '9196',
        billsec: 5,
        startStamp: new Date('2026-11-21T00:32:34.596Z'),
        domainName: 'tenant-a.example',
      },
    ],
  ];

  it.each(expected)('%s', (name, fields) => {
    expect(recordOf(name)).toMatchObject(fields);
  });

  it('decodes URL-encoded values only when the post was encoded', () => {
    const encoded = bodyOf('cdr-encode-values-true-valet-parked-leg');
    expect(encoded.variables.origination_caller_id_name).toBe('Bob%20Example');
    const plain = bodyOf('cdr-encode-values-false-sip-click-to-call-b-leg');
    expect(plain.variables.origination_caller_id_name).toBe('Extension 1001');
    expect(recordOf('cdr-encode-values-true-valet-parked-leg').callerIdName).toBe('Bob Example');
    expect(recordOf('cdr-encode-values-false-sip-click-to-call-b-leg').callerIdName).toBe('Extension 1001');
    // Told explicitly, it trusts the setting: an encoded post read as plain keeps its escapes.
    expect(recordOf('cdr-encode-values-true-valet-parked-leg', { encodedValues: false }).callerIdName).toBe(
      'Bob%20Example',
    );
  });

  it('reads the form-encoded `cdr=` posts of the `encode` setting, URL-encoded and base64', () => {
    const json = fixture('json_cdr/cdr-encode-values-false-sip-click-to-call-b-leg.body.json').toString(
      'utf8',
    );
    const expectedRecord = recordOf('cdr-encode-values-false-sip-click-to-call-b-leg');
    const form = `cdr=${encodeURIComponent(json)}`;
    expect(parseJsonCdr(form, 'application/x-www-form-urlencoded')).toEqual(expectedRecord);
    const base64 = Buffer.from(json).toString('base64');
    expect(base64).toContain('+'); // the case form decoding would corrupt
    expect(parseJsonCdr(`cdr=${base64}`, 'application/x-www-form-base64-encoded')).toEqual(expectedRecord);
  });

  it('takes the direction from call_direction or a public context when the dialplan says so', () => {
    const outbound = bodyOf('cdr-encode-values-true-verto-outbound-call-9196');
    outbound.variables.call_direction = 'outbound';
    expect(toCallRecord(outbound).direction).toBe('outbound');

    const fromPublic = bodyOf('cdr-encode-values-true-verto-outbound-call-9196');
    (fromPublic.callflow as { caller_profile: { context: string } }[])[0]!.caller_profile.context = 'public';
    expect(toCallRecord(fromPublic).direction).toBe('inbound');
  });

  it('names a phone\'s own call as the directory does, not by its SIP display name (a desk phone\'s "1003")', () => {
    // The recorded call a signed-in user placed, with the From display name a SIP desk phone sends.
    const sip = bodyOf('cdr-encode-values-true-verto-outbound-call-9196');
    const profiles = sip.callflow as { caller_profile: { caller_id_name: string } }[];
    for (const { caller_profile } of profiles) caller_profile.caller_id_name = '1001';
    sip.variables.effective_caller_id_name = encodeURIComponent('田中 一郎');
    expect(toCallRecord(sip)).toMatchObject({ callerIdName: '田中 一郎', callerIdNumber: '1001' });
    // A leg that was rung keeps the caller it was shown (its own effective name is the callee's).
    const rung = recordOf('cdr-encode-values-true-user-bridge-user-b-leg');
    expect(rung.callerIdName).toBe('Extension 1002');
  });

  it('reads a real SIP desk phone\'s call (1003 → 1002, recorded on the trial): the directory\'s names, not "1003"', () => {
    const placed = recordOf('cdr-trial-sip-desk-phone-1003-to-1002-a-leg');
    expect(bodyOf('cdr-trial-sip-desk-phone-1003-to-1002-a-leg').variables.sip_from_display).toBe('1003');
    expect(placed).toMatchObject({
      domainName: 'demo.tsunagu.local',
      // FreeSWITCH cut the encoded name's last byte (mod_json_cdr's encode-values): what decodes is kept.
      callerIdName: '田中 一',
      callerIdNumber: '1003',
      destinationNumber: '1002',
      hangupCause: 'NORMAL_CLEARING',
      billsec: 5,
    });
    const rung = recordOf('cdr-trial-sip-desk-phone-1003-to-1002-b-leg-verto');
    expect(rung).toMatchObject({
      domainName: 'demo.tsunagu.local',
      callerIdName: '田中 一郎',
      callerIdNumber: '1003',
      billsec: 5,
    });
    expect(rung.uuid).not.toBe(placed.uuid);
    // The same call with encode-values false, as the guide now says: the whole name.
    expect(recordOf('cdr-trial-sip-desk-phone-1003-to-1002-plain-a-leg')).toMatchObject({
      callerIdName: '田中 一郎',
      callerIdNumber: '1003',
      destinationNumber: '1002',
    });
  });

  it("ties a call's legs together (the rung leg names its originating leg) and they fold into one call", () => {
    const placed = recordOf('cdr-trial-sip-desk-phone-1003-to-1002-a-leg');
    const rung = recordOf('cdr-trial-sip-desk-phone-1003-to-1002-b-leg-verto');
    // The rung leg's own call_uuid is its own uuid on this bridge: originating_leg_uuid ties it.
    expect(bodyOf('cdr-trial-sip-desk-phone-1003-to-1002-b-leg-verto').variables.call_uuid).toBe(rung.uuid);
    expect(rung.callUuid).toBe(placed.uuid);
    expect(placed.callUuid).toBe(placed.uuid);
    expect([placed.leg, rung.leg]).toEqual(['a', 'b']);
    expect([placed.bridged, rung.bridged]).toEqual([true, true]);
    const facts = [rung, placed].map((r): CallLegFacts => ({
      legUuid: r.uuid,
      callId: r.callUuid,
      originating: r.leg === 'a',
      direction: r.direction,
      extension: r.extensions[0] ?? null,
      callerIdNumber: r.callerIdNumber,
      destinationNumber: r.destinationNumber,
      startStamp: r.startStamp,
      answerStamp: r.answerStamp,
      endStamp: r.endStamp,
      hangupCause: r.hangupCause,
      bridged: r.bridged,
      endedIn: r.endedIn,
      outOfHours: r.outOfHours,
    }));
    expect(foldCall(facts)).toMatchObject({
      callId: placed.uuid,
      kind: 'internal',
      result: 'answered',
      agentExtension: '1003',
      calleeNumber: '1002',
      legCount: 2,
    });
  });

  it('reads where a leg ended for the call model: a parked leg, an echo test, nothing marked out of hours', () => {
    expect(recordOf('cdr-encode-values-true-valet-parked-leg')).toMatchObject({
      endedIn: 'park',
      bridged: true,
    });
    expect(recordOf('cdr-encode-values-true-verto-outbound-call-9196')).toMatchObject({
      endedIn: '',
      bridged: false,
      outOfHours: false,
    });
    const body = bodyOf('cdr-encode-values-true-verto-no-route');
    const marked = toCallRecord({
      ...body,
      variables: { ...body.variables, tsunagu_out_of_hours: 'true', tsunagu_voicemail: 'true' },
    });
    expect(marked).toMatchObject({ outOfHours: true, endedIn: 'voicemail' });
  });

  it('asks the caller which numbers are internal', () => {
    const knowsCustomer = (n: string) => n === '5551234' || n === '1001';
    expect(recordOf('cdr-encode-values-true-click-to-call-verto-fork-LOSE_RACE').direction).toBe('inbound');
    expect(
      recordOf('cdr-encode-values-true-click-to-call-verto-fork-LOSE_RACE', {
        isInternalNumber: knowsCustomer,
      }).direction,
    ).toBe('local');
    const toOutside = bodyOf('cdr-encode-values-true-verto-no-route');
    (
      toOutside.callflow as { caller_profile: { destination_number: string } }[]
    )[0]!.caller_profile.destination_number = '0312345678';
    expect(toCallRecord(toOutside)).toMatchObject({ direction: 'outbound', destinationNumber: '0312345678' });
  });

  it.each([
    ['not a CDR at all', 'hello', 'text/plain'],
    ['JSON without variables', '{"channel_data":{}}', 'application/json'],
    ['variables without uuid', '{"variables":{"start_uepoch":"1795221119736775"}}', 'application/json'],
    ['broken JSON', '{"variables":', 'application/json'],
    ['an empty form field', 'cdr=', 'application/x-www-form-urlencoded'],
  ])('refuses %s', (_, body, contentType) => {
    expect(() => parseJsonCdr(body, contentType)).toThrow(CdrParseError);
  });
});
