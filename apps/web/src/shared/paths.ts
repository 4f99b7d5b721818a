/** A route: its pattern for the router and href() building a URL to it. */
interface FixedPath {
  path: string;
  href: () => string;
}

const fixed = (path: string): FixedPath => ({ path, href: () => path });

/** Every route of the app (spec 2.1 and 2.2); no code builds these URLs by hand. */
export const paths = {
  root: fixed('/'),
  login: fixed('/login'),
  dashboard: fixed('/dashboard'),
  /** The console's own help (HELP in the header, unless HELP_URL names another site). */
  help: fixed('/help'),
  /** One's own voicemail box: its messages and settings (the header's badge opens it). */
  voicemail: fixed('/voicemail'),
  cust: {
    root: fixed('/cust'),
    list: fixed('/cust/management/list'),
    recall: fixed('/cust/management/recall'),
    /** The customer record for a caller number. */
    record: {
      path: '/cust/management/:number',
      href: (number: string) => `/cust/management/${encodeURIComponent(number)}`,
    },
    cdr: fixed('/cust/cdr'),
    import: fixed('/cust/cust-import'),
  },
  system: {
    root: fixed('/system'),
    user: fixed('/system/user'),
    layout: fixed('/system/layout'),
    admin: fixed('/system/admin'),
    spUser: fixed('/system/sp-user'),
    audit: fixed('/system/audit'),
  },
  pbx: {
    root: fixed('/pbx'),
    destination: fixed('/pbx/destination'),
    extension: fixed('/pbx/extension'),
    ringGroup: fixed('/pbx/ring-group'),
    ivr: fixed('/pbx/ivr'),
    time: fixed('/pbx/time'),
    speedDial: fixed('/pbx/speed-dial'),
    recording: fixed('/pbx/recording'),
  },
  sandbox: {
    /** 模擬発信: an outside caller for the built-in exchange. */
    caller: fixed('/sandbox/caller'),
  },
  analy: {
    root: fixed('/analy'),
    line: fixed('/analy/line'),
    exten: fixed('/analy/exten'),
    status: fixed('/analy/status'),
  },
} as const;
