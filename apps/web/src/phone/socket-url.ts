/** Where a verto socket is: a relative path ('/verto', the sandbox) is on the page's own host. */
export function resolveSocketUrl(socketUrl: string, location: Pick<Location, 'protocol' | 'host'>): string {
  if (/^wss?:\/\//.test(socketUrl)) return socketUrl;
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${socketUrl.startsWith('/') ? '' : '/'}${socketUrl}`;
}
