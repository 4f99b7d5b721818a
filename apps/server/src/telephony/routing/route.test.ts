import { describe, expect, it } from 'vitest';
import { route, type RouteRequest } from './route';
import { finalPlan, hangup, type RoutePlan } from './route-plan';
import { callIn, config, dial } from './testing';

const INVALID = hangup('invalid-input');

describe('whatever is dialled, routing answers with a plan', () => {
  const cases: [string, string, RoutePlan][] = [
    ['empty', '', INVALID],
    ['spaces only', '   ', INVALID],
    ['letters only', 'abcdef', INVALID],
    ['letters around a number are stripped (dialString)', 'ext1002', dial('1002', '1001')],
    ['full-width digits are not digits', '１００２', INVALID],
    ['emoji and kana', '📞でんわ', INVALID],
    ['a lone star', '*', INVALID],
    ['a hash', '#', INVALID],
    ['control characters', '\u0000\u0007\n', INVALID],
    ['a very long string', '1'.repeat(100_000), INVALID],
    ['just over the input limit', '1 '.repeat(33), INVALID],
  ];
  it.each(cases)('%s', (_, dialled, expected) => {
    expect(route(config, { dialled, caller: '1001', instant: 0, context: 'internal' })).toEqual(expected);
  });

  it('refuses requests that are not routing requests', () => {
    const odd = [
      null,
      undefined,
      {},
      { dialled: 1002, caller: '1001', instant: 0, context: 'internal' },
      { dialled: '1002', caller: '1001', instant: 0, context: 'sideways' },
      { dialled: '0312345678', caller: 'x', instant: Number.NaN, context: 'public' },
      { dialled: '0312345678', caller: 'x', instant: new Date('nonsense'), context: 'public' },
      { dialled: '0312345678', caller: 'x', instant: '2025-06-09', context: 'public' },
    ];
    for (const request of odd) expect(route(config, request as unknown as RouteRequest)).toEqual(INVALID);
  });

  it('treats a caller that is not a string as nobody', () => {
    const request = {
      dialled: '1002',
      caller: 42,
      instant: 0,
      context: 'internal',
    } as unknown as RouteRequest;
    expect(route(config, request)).toMatchObject({ kind: 'extension', target: { extension: '1002' } });
  });

  it('never throws on random input in either context', () => {
    const alphabet = '0123456789*#+ -parkPARK()abcあ１📞\u0000';
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const seen = new Set<string>();
    for (let i = 0; i < 5_000; i++) {
      const length = Math.floor(next() * 24);
      const dialled = Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
      for (const context of ['internal', 'public'] as const) {
        seen.add(
          finalPlan(route(config, { dialled, caller: '1001', instant: 1.75e12, context, random: next })).kind,
        );
      }
    }
    const kinds = [
      'extension',
      'ringGroup',
      'ivr',
      'announce',
      'voicemail',
      'hangup',
      'outbound',
      'park',
      'retrieve',
      'monitor',
      'pickup',
    ];
    expect(kinds).toEqual(expect.arrayContaining([...seen]));
    expect([...seen]).toEqual(expect.arrayContaining(['hangup', 'outbound', 'ringGroup']));
  });
});

describe('finalPlan on a routed call', () => {
  it('reaches what acts past the incoming number and its schedule', () => {
    expect(finalPlan(callIn('0312345678', '2025-06-15T10:00:00+09:00'))).toEqual(dial('1002', '09099998888'));
  });
});
