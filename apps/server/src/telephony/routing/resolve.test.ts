import { describe, expect, it } from 'vitest';
import { route } from './route';
import { finalPlan, hangup, MAX_ROUTE_HOPS, type RingTarget, type RoutePlan } from './route-plan';
import { buildTenantConfig } from './tenant-config';
import { dial, tenantRows, uuid } from './testing';

const NAMES: Record<string, string> = { '1001': '山田', '1002': '佐藤', '1009': '小林', '1010': '加藤' };
const member = (extension: string, webPhones = true): RingTarget => ({
  extension,
  extensionUuid: uuid(Number(extension)),
  name: NAMES[extension] ?? '',
  webPhones,
  ringSeconds: 20,
});
const group = (number: string, fields: Partial<Extract<RoutePlan, { kind: 'ringGroup' }>>): RoutePlan => ({
  kind: 'ringGroup',
  number,
  name: `グループ${number}`,
  strategy: 'enterprise',
  sequential: false,
  members: [member('1002')],
  greeting: null,
  missedCallEmail: null,
  onNoAnswer: hangup('no-answer'),
  ...fields,
});

describe('ring groups', () => {
  const cases: [string, string, string, RoutePlan][] = [
    [
      'enterprise rings every member at once, web phones too; greeting first; DND, disabled and unknown left out',
      '300',
      '1009',
      group('300', {
        name: '営業',
        members: [member('1001'), member('1002'), member('1010')],
        greeting: 'welcome.wav',
        missedCallEmail: 'sales@example.jp',
      }),
    ],
    [
      'a member calling the group is not rung',
      '300',
      '1002',
      group('300', {
        name: '営業',
        members: [member('1001'), member('1010')],
        greeting: 'welcome.wav',
        missedCallEmail: 'sales@example.jp',
      }),
    ],
    [
      'rollover rings one at a time in extension order; no answer plays an announcement',
      '301',
      '1010',
      group('301', {
        strategy: 'rollover',
        sequential: true,
        members: [member('1001'), member('1002'), member('1009')],
        onNoAnswer: { kind: 'announce', file: 'busy.wav' },
      }),
    ],
    [
      'no answer may transfer to an IVR',
      '303',
      '1001',
      group('303', {
        onNoAnswer: { kind: 'transfer', reason: 'no-answer', number: '500', then: dial('500') },
      }),
    ],
    [
      'no-answer transfers that lead back are cut',
      '304',
      '1001',
      group('304', {
        onNoAnswer: {
          kind: 'transfer',
          reason: 'no-answer',
          number: '305',
          then: group('305', { onNoAnswer: hangup('loop') }),
        },
      }),
    ],
    [
      'a transfer into another tenant’s context is refused',
      '306',
      '1001',
      group('306', { onNoAnswer: hangup('unknown-number') }),
    ],
    [
      'with nobody to ring, the no-answer action follows at once (here: outside, on the caller’s line)',
      '308',
      '1001',
      group('308', {
        members: [],
        onNoAnswer: {
          kind: 'transfer',
          reason: 'no-answer',
          number: '0312340000',
          then: {
            kind: 'outbound',
            number: '0312340000',
            gatewayUuid: uuid(902),
            gateway: '0312345679',
            callerIdNumber: '0312345679',
          },
        },
      }),
    ],
    [
      'an announcement action without a file hangs up',
      '309',
      '1001',
      group('309', { onNoAnswer: hangup('announcement-missing') }),
    ],
    [
      'a no-answer transfer to a feature code goes nowhere',
      '310',
      '1001',
      group('310', {
        onNoAnswer: {
          kind: 'transfer',
          reason: 'no-answer',
          number: '*331001',
          then: hangup('unknown-number'),
        },
      }),
    ],
    ['a disabled group does not exist', '307', '1001', hangup('disabled')],
  ];
  it.each(cases)('%s', (_, dialled, caller, expected) => {
    expect(dial(dialled, caller)).toEqual(expected);
  });

  it('random rings desk phones only, one at a time in the order the random source gives', () => {
    const desk = [member('1002', false), member('1010', false)];
    const transfer: RoutePlan = {
      kind: 'transfer',
      reason: 'no-answer',
      number: '1002',
      then: dial('1002', '1001'),
    };
    expect(dial('302', '1001', () => 0.99)).toEqual(
      group('302', { strategy: 'random', sequential: true, members: desk, onNoAnswer: transfer }),
    );
    expect(dial('302', '1001', () => 0)).toMatchObject({ members: [desk[1], desk[0]] });
  });

  it('random reaches every desk phone and never a web phone', () => {
    const firsts = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const plan = dial('302', '1001');
      if (plan.kind !== 'ringGroup') throw new Error(plan.kind);
      expect(plan.members.map((m) => m.extension).sort()).toEqual(['1002', '1010']);
      expect(plan.members.every((m) => !m.webPhones)).toBe(true);
      firsts.add(plan.members[0]?.extension ?? '');
    }
    expect(firsts).toEqual(new Set(['1002', '1010']));
  });

  it('random with a member calling: the transfer back to the caller hangs up', () => {
    expect(dial('302', '1002', () => 0.5)).toMatchObject({
      members: [member('1010', false)],
      onNoAnswer: { kind: 'transfer', number: '1002', then: hangup('self-call') },
    });
  });
});

describe('chains', () => {
  /** Extensions 2000…2000+n, each forwarding to the next. */
  function chain(n: number) {
    const rows = tenantRows();
    const extensions = Array.from({ length: n + 1 }, (_, i) => ({
      extensionUuid: uuid(2000 + i),
      extension: String(2000 + i),
      enabled: true,
      doNotDisturb: false,
      forwardAllDestination: i < n ? String(2001 + i) : '',
    }));
    const config = buildTenantConfig({ ...rows, extensions });
    return route(config, { dialled: '2000', caller: '', instant: 0, context: 'internal' });
  }
  const hops = (plan: RoutePlan): number => (plan.kind === 'transfer' ? 1 + hops(plan.then) : 0);

  it(`passes through up to ${MAX_ROUTE_HOPS} numbers: the dialled one and ${MAX_ROUTE_HOPS - 1} forwards`, () => {
    const plan = chain(MAX_ROUTE_HOPS - 1);
    expect(hops(plan)).toBe(MAX_ROUTE_HOPS - 1);
    expect(finalPlan(plan)).toMatchObject({
      kind: 'extension',
      target: { extension: String(2000 + MAX_ROUTE_HOPS - 1) },
    });
  });

  it('gives up beyond that', () => {
    expect(finalPlan(chain(MAX_ROUTE_HOPS))).toEqual(hangup('too-deep'));
    expect(finalPlan(chain(100))).toEqual(hangup('too-deep'));
  });

  it('an extension forwarding to itself is a loop', () => {
    const rows = tenantRows();
    const config = buildTenantConfig({
      ...rows,
      extensions: [
        {
          extensionUuid: uuid(3000),
          extension: '3000',
          enabled: true,
          doNotDisturb: false,
          forwardAllDestination: '3000',
        },
      ],
    });
    expect(route(config, { dialled: '3000', caller: '', instant: 0, context: 'internal' })).toEqual(
      hangup('loop'),
    );
  });

  it('an outside number without any gateway cannot leave', () => {
    const config = buildTenantConfig({ ...tenantRows(), gateways: [] });
    expect(route(config, { dialled: '0312340000', caller: '1001', instant: 0, context: 'internal' })).toEqual(
      hangup('no-gateway'),
    );
  });

  it.each(['110', '118', '119'])("the emergency number %s leaves through the caller's line", (number) => {
    const config = buildTenantConfig(tenantRows());
    const plan = route(config, { dialled: number, caller: '1001', instant: 0, context: 'internal' });
    expect(plan).toMatchObject({ kind: 'outbound', number });
  });

  it('an emergency number is never a number of the tenant, also when a forward leads there', () => {
    const rows = tenantRows();
    const config = buildTenantConfig({
      ...rows,
      extensions: rows.extensions.map((e) =>
        e.extension === '1002' ? { ...e, forwardAllDestination: '119' } : e,
      ),
    });
    expect(
      finalPlan(route(config, { dialled: '1002', caller: '1001', instant: 0, context: 'internal' })),
    ).toMatchObject({
      kind: 'outbound',
      number: '119',
    });
  });

  it('other three-digit numbers stay inside', () => {
    const config = buildTenantConfig(tenantRows());
    expect(route(config, { dialled: '117', caller: '1001', instant: 0, context: 'internal' })).toEqual(
      hangup('unknown-number'),
    );
  });
});
