/** Who is calling, resolved from the session on every authenticated request. */
export interface Auth {
  sessionUuid: string;
  userUuid: string;
  username: string;
  userClass: string;
  /** user.menu as stored (JSON string). */
  menu: string;
  domainUuid: string;
  domainName: string;
}

export const isProvider = (auth: Auth) => auth.userClass === 'SP';
