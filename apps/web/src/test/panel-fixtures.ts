import type { UserInfo, UserInfoUser } from '@tsunagu/contract/auth';
import { userInfoFixture } from './fixtures';

/** Colleagues of the fixture user (yamada, 11111111-…), by login ID. */
export const colleagues = {
  yamada: { userUuid: '11111111-1111-4111-8111-111111111111', userNm: '山田 太郎', extension: '1001' },
  suzuki: { userUuid: '33333333-3333-4333-8333-333333333333', userNm: '鈴木 花子', extension: '1002' },
  admin: { userUuid: '44444444-4444-4444-8444-444444444444', userNm: '管理者', extension: '1000' },
  tanaka: { userUuid: '55555555-5555-4555-8555-555555555555', userNm: '田中 一郎', extension: '1003' },
} as const;

type Name = keyof typeof colleagues;

const member = (name: Name, loginCnt = 0) => ({
  ...colleagues[name],
  extensionUuid: `${colleagues[name].userUuid.slice(0, 8)}-eeee-4eee-8eee-eeeeeeeeeeee`,
  loginCnt,
});

/** The fixture user's info with the demo's two groups: 営業部 (300: yamada, suzuki) and 総務部 (admin, tanaka). */
export function panelUserInfo(
  user: Partial<UserInfoUser> = {},
  online: Partial<Record<Name, number>> = {},
): UserInfo {
  const info = userInfoFixture({ extensionUuid: member('yamada').extensionUuid, ...user });
  return {
    ...info,
    userGroup: {
      commDetails: [
        {
          commUuid: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
          commName: '営業部',
          commSub1: '300',
          userList: [member('yamada', online.yamada), member('suzuki', online.suzuki)],
        },
        {
          commUuid: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
          commName: '総務部',
          commSub1: null,
          userList: [member('admin', online.admin), member('tanaka', online.tanaka)],
        },
      ],
    },
  };
}
