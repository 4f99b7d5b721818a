import { randomUUID } from 'node:crypto';
import { ivrDestinations } from '@tsunagu/contract';
import { weekdayAction } from '@tsunagu/contract/schedule/testing';
import { ivrMenuOptions, ringGroupDestinations } from '../platform/db/schema';
import type { TestApp } from './test-app';

type Tenant = Awaited<ReturnType<TestApp['build']['tenant']>>;
type Extension = Awaited<ReturnType<TestApp['build']['extension']>>;
type RingGroup = Awaited<ReturnType<TestApp['build']['ringGroup']>>;
type IvrMenu = Awaited<ReturnType<TestApp['build']['ivrMenu']>>;

/** Adds the numbers a built ring group rings, in order, each for `seconds`. */
export async function addRingGroupMembers(
  t: Pick<TestApp, 'database'>,
  ringGroup: RingGroup,
  numbers: string[],
  seconds = 30,
): Promise<void> {
  await t.database.db.insert(ringGroupDestinations).values(
    numbers.map((destinationNumber, sortOrder) => ({
      ringGroupUuid: ringGroup.ringGroupUuid,
      domainUuid: ringGroup.domainUuid,
      destinationNumber,
      destinationTimeout: seconds,
      sortOrder,
    })),
  );
}

/**
 * Adds keys to a built IVR menu, each sending the caller to a number among `targets` (as the IVR
 * screen's destination select stores it).
 */
export async function addIvrOptions(
  t: Pick<TestApp, 'database'>,
  tenant: Tenant,
  ivrMenu: IvrMenu,
  keys: { digit: string; target: string }[],
  targets: { extensions: Extension[]; ringGroups: RingGroup[] },
): Promise<void> {
  const choices = ivrDestinations({ ...targets, ivrMenus: [] }, tenant.domainName);
  await t.database.db.insert(ivrMenuOptions).values(
    keys.map(({ digit, target }, sortOrder) => {
      const choice = choices.find((c) => c.ext === target);
      if (!choice) throw new Error(`addIvrOptions: no target ${target}`);
      return {
        ivrMenuOptionUuid: randomUUID(),
        ivrMenuUuid: ivrMenu.ivrMenuUuid,
        domainUuid: tenant.domainUuid,
        ivrMenuOptionDigits: digit,
        ivrMenuOptionParam: choice.value,
        sortOrder,
      };
    }),
  );
}

/**
 * One row of every kind the PBX screens save, filled as a user fills them: extensions 1000 and 1001, ring
 * group 300 ringing both, IVR 5000 whose keys go to the group and to 1000, the built-in recordings and a
 * greeting, schedule 通常営業 (weekdays to the IVR, otherwise the closed announcement), its incoming number
 * 0312345678 and a speed dial.
 */
export async function buildEveryPbxKind(
  t: Pick<TestApp, 'build' | 'database'>,
  tenant: Tenant,
): Promise<void> {
  const { build } = t;
  const extensions = [
    await build.extension(tenant, { extension: '1000', effectiveCallerIdName: '受付' }),
    await build.extension(tenant, { extension: '1001', effectiveCallerIdName: '山田 太郎' }),
  ];
  const ringGroup = await build.ringGroup(tenant, { ringGroupExtension: '300', ringGroupName: '営業部' });
  await addRingGroupMembers(t, ringGroup, ['1000', '1001']);
  await build.builtInRecordings(tenant);
  await build.recording(tenant, { recordingName: '代表挨拶', recordingFilename: 'welcome.wav' });
  const ivrMenu = await build.ivrMenu(tenant, {
    ivrMenuExtension: '5000',
    ivrMenuName: '代表メニュー',
    ivrMenuGreetLong: 'welcome.wav',
  });
  const keys = [
    { digit: '1', target: '300' },
    { digit: '2', target: '1000' },
  ];
  await addIvrOptions(t, tenant, ivrMenu, keys, { extensions, ringGroups: [ringGroup] });
  const schedule = await build.schedule(tenant, {
    name: '通常営業',
    anti: { timeConditionActionType: 'announce', timeConditionAnnounce: 'default_closed.wav' },
    conditions: [weekdayAction('平日営業', '09:00-18:00', '5000')],
  });
  await build.destination(tenant, schedule, {
    destinationNumber: '0312345678',
    destinationCidNamePrefix: '代表',
  });
  await build.speedDial(tenant, { speedNumber: '01', phoneNumber: '0120123456', memo: '本社代表' });
}
