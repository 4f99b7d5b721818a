import { describe, expect, it } from 'vitest';
import { hangup, IVR_SETTINGS, type RingTarget, type RoutePlan } from './route-plan';
import { DOMAIN, dial, uuid } from './testing';

const target = (extension: string, name: string, ringSeconds = 30): RingTarget => ({
  extension,
  extensionUuid: uuid(Number(extension)),
  name,
  webPhones: true,
  ringSeconds,
});
const ring = (extension: string, name: string, ringSeconds = 30): RoutePlan => ({
  kind: 'extension',
  target: target(extension, name, ringSeconds),
  onNoAnswer: hangup('no-answer'),
});
const lot = `5900@${DOMAIN}`;

describe('internal calls to extensions', () => {
  const cases: [string, string, string, RoutePlan][] = [
    ['rings an extension on all its devices', '1002', '1001', ring('1002', '佐藤')],
    ['uses the extension’s own ring time', '1009', '1002', ring('1009', '小林', 45)],
    ['strips what is not a digit, as dialString does', '10-02 ', '1001', ring('1002', '佐藤')],
    ['do-not-disturb is busy, even with a forward set', '1003', '1002', hangup('do-not-disturb')],
    ['a disabled extension does not exist', '1004', '1002', hangup('disabled')],
    ['calling yourself hangs up', '1002', '1002', hangup('self-call')],
    [
      'forward-all routes the forward number',
      '1005',
      '1001',
      { kind: 'transfer', reason: 'forward', number: '1002', then: ring('1002', '佐藤') },
    ],
    [
      'a forward back to the caller hangs up',
      '1011',
      '1001',
      { kind: 'transfer', reason: 'forward', number: '1001', then: hangup('self-call') },
    ],
    [
      'a forward loop is cut where it closes',
      '1006',
      '1002',
      {
        kind: 'transfer',
        reason: 'forward',
        number: '1007',
        then: hangup('loop'),
      },
    ],
    [
      'a forward to a feature code goes nowhere',
      '1012',
      '1002',
      {
        kind: 'transfer',
        reason: 'forward',
        number: '*331001',
        then: hangup('unknown-number'),
      },
    ],
    ['an unknown 4-digit number', '1099', '1002', hangup('unknown-number')],
    ['an unknown 3-digit number', '399', '1002', hangup('unknown-number')],
  ];
  it.each(cases)('%s', (_, dialled, caller, expected) => {
    expect(dial(dialled, caller)).toEqual(expected);
  });
});

describe('outside numbers', () => {
  const out = (number: string, gatewayNumber: string, gatewayId: number): RoutePlan => ({
    kind: 'outbound',
    number,
    gatewayUuid: uuid(gatewayId),
    gateway: gatewayNumber,
    callerIdNumber: gatewayNumber,
  });
  const cases: [string, string, string, RoutePlan][] = [
    [
      'leaves on the caller’s outbound number',
      '090-1234-5678',
      '1001',
      out('09012345678', '0312345679', 902),
    ],
    ['without one, on the tenant’s first line', '0312340000', '1002', out('0312340000', '0312345678', 901)],
    [
      'an outbound number that is no enabled gateway leaves on the first line',
      '0312340000',
      '1009',
      out('0312340000', '0312345678', 901),
    ],
    ['five digits already count as outside', '12345', '1002', out('12345', '0312345678', 901)],
    [
      'a forward out leaves on the forwarding extension’s line',
      '1008',
      '1002',
      {
        kind: 'transfer',
        reason: 'forward',
        number: '09012345678',
        then: out('09012345678', '0312345679', 902),
      },
    ],
    ['over 20 digits is no number', '1'.repeat(21), '1002', hangup('invalid-input')],
  ];
  it.each(cases)('%s', (_, dialled, caller, expected) => {
    expect(dial(dialled, caller)).toEqual(expected);
  });
});

describe('feature codes', () => {
  const cases: [string, string, string, RoutePlan][] = [
    ['park+5901 parks in P1', 'park+5901', '1002', { kind: 'park', slot: 1, slotNumber: '5901', lot }],
    ['park+5908 parks in P8', 'park+5908', '1002', { kind: 'park', slot: 8, slotNumber: '5908', lot }],
    ['park+5909 is no slot', 'park+5909', '1002', hangup('park-slot-unknown')],
    ['park+5900 is no slot', 'park+5900', '1002', hangup('park-slot-unknown')],
    ['park+ alone is no slot', 'park+', '1002', hangup('park-slot-unknown')],
    ['5901 retrieves P1', '5901', '1002', { kind: 'retrieve', slot: 1, slotNumber: '5901', lot }],
    ['5908 retrieves P8', '5908', '1002', { kind: 'retrieve', slot: 8, slotNumber: '5908', lot }],
    ['5909 is an ordinary number', '5909', '1002', hangup('unknown-number')],
    [
      '*33 monitors an extension',
      '*331001',
      '1002',
      { kind: 'monitor', extension: '1001', extensionUuid: uuid(1001) },
    ],
    [
      '*33 keeps spaces out',
      '*33 1001',
      '1002',
      { kind: 'monitor', extension: '1001', extensionUuid: uuid(1001) },
    ],
    ['*33 on yourself', '*331002', '1002', hangup('self-call')],
    ['*33 on a disabled extension', '*331004', '1002', hangup('disabled')],
    ['*33 on an unknown extension', '*331099', '1002', hangup('unknown-number')],
    ['*33 with letters', '*33abc', '1002', hangup('invalid-input')],
    [
      '*0NN dials the speed number',
      '*001',
      '1001',
      { kind: 'transfer', reason: 'speed-dial', number: '1002', then: ring('1002', '佐藤') },
    ],
    [
      'a speed number may be outside',
      '*002',
      '1002',
      {
        kind: 'transfer',
        reason: 'speed-dial',
        number: '0312340000',
        then: {
          kind: 'outbound',
          number: '0312340000',
          gatewayUuid: uuid(901),
          gateway: '0312345678',
          callerIdNumber: '0312345678',
        },
      },
    ],
    [
      'a speed number into a forward loop',
      '*003',
      '1002',
      {
        kind: 'transfer',
        reason: 'speed-dial',
        number: '1006',
        then: {
          kind: 'transfer',
          reason: 'forward',
          number: '1007',
          then: hangup('loop'),
        },
      },
    ],
    ['an unset speed number', '*050', '1002', hangup('speed-dial-unset')],
    ['*0 with one digit', '*05', '1002', hangup('unknown-number')],
    [
      '*8 picks up the call ringing an extension',
      '*81001',
      '1002',
      { kind: 'pickup', extension: '1001', extensionUuid: uuid(1001) },
    ],
    [
      '*8 keeps spaces out',
      '*8 1001',
      '1002',
      { kind: 'pickup', extension: '1001', extensionUuid: uuid(1001) },
    ],
    ['*8 on yourself', '*81002', '1002', hangup('self-call')],
    ['*8 on a disabled extension', '*81004', '1002', hangup('disabled')],
    ['*8 on an unknown extension', '*81099', '1002', hangup('unknown-number')],
    ['*8 with a star after it', '*8*1001', '1002', hangup('unknown-number')],
  ];
  it.each(cases)('%s', (_, dialled, caller, expected) => {
    expect(dial(dialled, caller)).toEqual(expected);
  });
});

describe('IVR menus', () => {
  it('offers the readable options of each param form, in the tenant only', () => {
    expect(dial('500')).toEqual({
      kind: 'ivr',
      number: '500',
      name: 'メインメニュー',
      greeting: 'main.wav',
      choices: [
        { digit: '1', number: '300', target: 'ringGroup' },
        { digit: '2', number: '1002', target: 'extension' },
        { digit: '3', number: '501', target: 'ivr' },
        { digit: '#', number: '500', target: 'ivr' },
      ],
      settings: IVR_SETTINGS,
      onExit: hangup('ivr-exit'),
    });
  });

  it('replays up to three times on a wrong digit or silence, then says goodbye', () => {
    expect(IVR_SETTINGS).toMatchObject({ maxFailures: 3, maxTimeouts: 3, timeoutMs: 10_000, digitLength: 1 });
  });

  it('leads back to another menu by reference, so menus may point at each other', () => {
    const sub = dial('501');
    expect(sub.kind === 'ivr' && sub.choices).toEqual([{ digit: '0', number: '500', target: 'ivr' }]);
  });

  it('a disabled menu does not exist', () => {
    expect(dial('502')).toEqual(hangup('disabled'));
  });
});
