import type { TenantDirectory, UserInfo, UserInfoUser } from '@tsunagu/contract/auth';
import { directoryFixture, userInfoFixture } from './fixtures';

/** Colleagues of the fixture user (yamada, 11111111-…), by login ID. */
export const colleagues = {
  yamada: { userUuid: '11111111-1111-4111-8111-111111111111', userNm: '山田 太郎', extension: '1001' },
  suzuki: { userUuid: '33333333-3333-4333-8333-333333333333', userNm: '鈴木 花子', extension: '1002' },
  admin: { userUuid: '44444444-4444-4444-8444-444444444444', userNm: '管理者', extension: '1000' },
  tanaka: { userUuid: '55555555-5555-4555-8555-555555555555', userNm: '田中 一郎', extension: '1003' },
} as const;

type Name = keyof typeof colleagues;

const member = (name: Name) => ({
  ...colleagues[name],
  extensionUuid: `${colleagues[name].userUuid.slice(0, 8)}-eeee-4eee-8eee-eeeeeeeeeeee`,
});

/** The fixture user's info: yamada, extension 1001, in 営業部. */
export function panelUserInfo(user: Partial<UserInfoUser> = {}): UserInfo {
  return userInfoFixture({
    extensionUuid: member('yamada').extensionUuid,
    extension: colleagues.yamada.extension,
    userGroupUuid: SALES,
    ...user,
  });
}

const SALES = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

/** The demo's two groups: 営業部 (300: yamada, suzuki) and 総務部 (admin, tanaka), and their extensions. */
export function panelDirectory(): TenantDirectory {
  const names = ['admin', 'yamada', 'suzuki', 'tanaka'] as const;
  return directoryFixture({
    extensions: names.map((name) => {
      const { extensionUuid, extension, userNm } = member(name);
      return { extensionUuid, extension, label: `${extension} (${userNm})`, effectiveCallerIdName: userNm };
    }),
    userGroup: {
      commDetails: [
        {
          commUuid: SALES,
          commName: '営業部',
          commSub1: '300',
          userList: [member('yamada'), member('suzuki')],
        },
        {
          commUuid: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
          commName: '総務部',
          commSub1: null,
          userList: [member('admin'), member('tanaka')],
        },
      ],
    },
  });
}
