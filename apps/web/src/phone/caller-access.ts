/** Who may use the sandbox's caller page (模擬発信): tenant and provider administrators, as the server checks. */
export function mayUseCallerPage(userClass: string): boolean {
  return userClass === 'CP' || userClass === 'SP';
}
