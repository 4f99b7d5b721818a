import type { TenantDirectory, UserInfo, UserInfoUser } from '@tsunagu/contract/auth';
import { envelope } from './mock-api';

/** A signed-in user's info for tests; `user` fields can be overridden. */
export function userInfoFixture(user: Partial<UserInfoUser> = {}): UserInfo {
  return {
    user: {
      userUuid: '11111111-1111-4111-8111-111111111111',
      id: 'yamada',
      userNm: '山田 太郎',
      domainUuid: '22222222-2222-4222-8222-222222222222',
      extensionUuid: null,
      userGroupUuid: null,
      phoneType: 'verto',
      popup: 'true',
      userPopup: 'true',
      userClass: 'CP',
      menu: '[]',
      extension: null,
      mustChangePassword: false,
      ...user,
    },
    domain: {
      domainUuid: '22222222-2222-4222-8222-222222222222',
      domainName: 'sample.example',
      domainDescription: 'サンプル株式会社',
      timeZone: 'Asia/Tokyo',
    },
  };
}

/** A tenant directory for tests: empty unless parts are given. */
export function directoryFixture(parts: Partial<TenantDirectory> = {}): TenantDirectory {
  return { extensions: [], gwList: [], userGroup: { commDetails: [] }, ...parts };
}

/** The mocked API's GET /v1/user/directory of the fixture tenant (for mockApi's handlers). */
export function directoryRoute(directory: TenantDirectory = directoryFixture()) {
  const { domainUuid } = userInfoFixture().user;
  return { [`GET /api/v1/user/directory/${domainUuid}`]: () => envelope(200, '', directory) };
}

/** An unsigned JWT-shaped token whose payload carries the given subject. */
export function tokenFor(sub: string): string {
  const encode = (value: object) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub })}.signature`;
}
