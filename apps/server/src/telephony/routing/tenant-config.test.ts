import { describe, expect, it } from 'vitest';
import { route } from './route';
import { buildTenantConfig, targetKind } from './tenant-config';
import { config, OFFICE_SCHEDULE, tenantRows } from './testing';

describe('buildTenantConfig', () => {
  it('indexes every kind of object by its number', () => {
    expect([...config.extensions.keys()]).toHaveLength(15);
    expect([...config.ringGroups.keys()]).toEqual(Array.from({ length: 11 }, (_, i) => String(300 + i)));
    expect([...config.ivrMenus.keys()]).toEqual(['500', '501', '502']);
    expect(config.destinations.get('0312345678')).toEqual({
      number: '0312345678',
      callerIdNamePrefix: '代表',
      enabled: true,
      dialplanNumber: '8001',
    });
    expect([...config.schedules.keys()]).toEqual(['8001', '8003', '8005']);
    expect(config.schedules.get('8001')?.voicemail).toEqual({
      email: 'office@example.jp',
      announcement: 'absent.wav',
    });
  });

  it('reads flags as strings or booleans; only true is on', () => {
    expect(config.extensions.get('1010')).toMatchObject({
      enabled: true,
      doNotDisturb: false,
      phoneType: null,
    });
    expect(config.extensions.get('1004')).toMatchObject({ enabled: false });
    expect(config.ivrMenus.get('501')?.enabled).toBe(true);
    expect(config.destinations.get('0312345682')?.enabled).toBe(true);
    const rows = tenantRows();
    const odd = buildTenantConfig({
      ...rows,
      destinations: [{ ...rows.destinations[0]!, destinationEnabled: 'yes' }],
    });
    expect(odd.destinations.get('0312345678')?.enabled).toBe(false);
  });

  it('keeps speed numbers 01–99 only, and enabled gateways in row order', () => {
    expect([...config.speedDials]).toEqual([
      ['01', '1002'],
      ['02', '0312340000'],
      ['03', '1006'],
      ['99', '300'],
    ]);
    expect([...config.gateways.keys()]).toEqual(['0312345678', '0312345679']);
    expect(config.defaultGateway?.gateway).toBe('0312345678');
  });

  it('keeps the first row of a repeated number', () => {
    const rows = tenantRows();
    const [first, second] = rows.extensions;
    const built = buildTenantConfig({ ...rows, extensions: [first!, { ...second!, extension: '1001' }] });
    expect(built.extensions.get('1001')?.ring.target.name).toBe('山田');
  });

  it('clamps ring seconds to 5–180 and defaults them to 30', () => {
    const rows = tenantRows();
    const [row] = rows.extensions;
    const seconds = (callTimeout: number | null) =>
      buildTenantConfig({ ...rows, extensions: [{ ...row!, callTimeout }] }).extensions.get('1001')?.ring
        .target.ringSeconds;
    expect([seconds(1), seconds(400), seconds(null), seconds(Number.NaN), seconds(25)]).toEqual([
      5, 180, 30, 30, 25,
    ]);
  });

  it('tells what a number is', () => {
    expect(['500', '300', '1001', '9999'].map((n) => targetKind(config, n))).toEqual([
      'ivr',
      'ringGroup',
      'extension',
      null,
    ]);
  });

  it('is a snapshot: later changes to the rows do not reach it, and its parts are frozen', () => {
    const rows = tenantRows();
    const built = buildTenantConfig(rows);
    rows.extensions[1]!.doNotDisturb = 'true';
    expect(route(built, { dialled: '1002', caller: '1001', instant: 0, context: 'internal' }).kind).toBe(
      'extension',
    );
    const ring = built.extensions.get('1002')!.ring;
    expect(Object.isFrozen(ring) && Object.isFrozen(ring.target)).toBe(true);
    expect(Object.isFrozen(built.ivrMenus.get('500')!.plan.choices)).toBe(true);
  });

  it('keeps the schedule it compiled even when the row object changes afterwards', () => {
    const rows = tenantRows();
    const schedule = structuredClone(OFFICE_SCHEDULE);
    const built = buildTenantConfig({ ...rows, schedules: [schedule] });
    schedule.timeconditions[0]!.timeConditionActionType = 'hangup';
    const plan = route(built, {
      dialled: '0312345678',
      caller: '09099998888',
      instant: new Date('2025-06-09T20:00:00+09:00'),
      context: 'public',
    });
    expect(plan).toMatchObject({ conditionName: 'anti', then: { kind: 'voicemail' } });
  });
});

describe('time zone', () => {
  const at = new Date('2025-06-09T09:30:00+09:00'); // Monday 09:30 in Tokyo, Sunday 20:30 in New York
  const conditionAt = (timeZone: string | null) => {
    const built = buildTenantConfig({ ...tenantRows(), timeZone });
    const plan = route(built, {
      dialled: '0312345678',
      caller: '09099998888',
      instant: at,
      context: 'public',
    });
    return [built.timeZone, plan.kind === 'incoming' ? plan.conditionName : plan.kind];
  };

  it('reads schedules in the tenant’s zone, Asia/Tokyo when absent or unknown', () => {
    expect(conditionAt('Asia/Tokyo')).toEqual(['Asia/Tokyo', '平日']);
    expect(conditionAt('America/New_York')).toEqual(['America/New_York', 'anti']);
    expect(conditionAt(null)).toEqual(['Asia/Tokyo', '平日']);
    expect(conditionAt('Mars/Olympus_Mons')).toEqual(['Asia/Tokyo', '平日']);
  });
});
