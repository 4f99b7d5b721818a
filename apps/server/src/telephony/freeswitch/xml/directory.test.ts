import { describe, expect, it } from 'vitest';
import { fixtureNames, fixtureText } from '../testing/fixtures';
import { xmlPaths } from '../testing/xml-paths';
import { buildDirectoryXml, type DirectoryUser } from './directory';
import { parseXml } from './xml-parse';

const DOMAIN = 'tenant-a.example';
const domainPath = `/document[type=freeswitch/xml]/section[name=directory]/domain[name=${DOMAIN}]`;
const userPath = (ext: string) => `${domainPath}/groups/group[name=default]/users/user[id=${ext}]`;

/** The inputs the recorder's tenant had for each user (README: users 1001 and 1002, secret<ext>). */
const recordedUser = (ext: string): DirectoryUser => ({
  extension: ext,
  password: `secret${ext}`,
  userContext: DOMAIN,
  effectiveCallerIdName: `Extension ${ext}`,
  effectiveCallerIdNumber: ext,
  doNotDisturb: false,
  accountCode: 'tenant-a',
  variables: { tenant_id: 'tenant-a' },
});

const recordedAnswers = [
  ...fixtureNames('xml_curl', '.response-we-sent.xml')
    .filter((n) => n.includes('-directory-') && !n.includes('notfound'))
    .map((n) => `xml_curl/${n}`),
  ...fixtureNames('http-raw', '.response.xml')
    .filter((n) => n.includes('-directory-') && !n.includes('notfound'))
    .map((n) => `http-raw/${n}`),
];

const paths = (xml: string) => xmlPaths(parseXml(xml));

describe('buildDirectoryXml against the recorded answers', () => {
  it('has recorded answers for both users', () => {
    expect(recordedAnswers.length).toBeGreaterThanOrEqual(20);
  });

  it.each(recordedAnswers)('%s', (file) => {
    const recorded = parseXml(fixtureText(file));
    const ext = /user\[id=(\d+)\]/.exec(xmlPaths(recorded).join('\n'))?.[1];
    if (!ext) throw new Error(`no user in ${file}`);
    const user = userPath(ext);
    // Deliberate differences from what the recorder answered: verto methods allowed on the domain, the
    // user's event channels, presence/DND/forward variables the product needs, none of the recorder's extras.
    const dropped = [
      `${domainPath}/variables/variable[name=record_stereo][value=true]`,
      `${user}/params/param[name=vm-password][value=${ext}]`,
      `${user}/params/param[name=jsonrpc-allowed-event-channels][value=presence,conference-liveArray,conference-mod,conference-info]`,
    ];
    const added = [
      `${domainPath}/params/param[name=jsonrpc-allowed-methods][value=verto]`,
      `${user}/params/param[name=jsonrpc-allowed-event-channels][value=demo,conference,presence]`,
      `${user}/variables/variable[name=presence_id][value=${ext}@${DOMAIN}]`,
      `${user}/variables/variable[name=do_not_disturb][value=false]`,
      `${user}/variables/variable[name=forward_all_enabled][value=false]`,
    ];
    const recordedPaths = xmlPaths(recorded);
    for (const path of dropped) expect(recordedPaths).toContain(path);
    const expected = [...recordedPaths.filter((p) => !dropped.includes(p)), ...added].sort();
    expect(paths(buildDirectoryXml(DOMAIN, recordedUser(ext)))).toEqual(expected);
  });
});

describe('buildDirectoryXml settings', () => {
  const base = recordedUser('1001');
  const userParam = (xml: string, name: string) =>
    paths(xml).find((p) => p.startsWith(`${userPath('1001')}/params/param[name=${name}]`));
  const userVariable = (xml: string, name: string) =>
    paths(xml).find((p) => p.startsWith(`${userPath('1001')}/variables/variable[name=${name}]`));

  it('rings the user normally by default (no user dial-string)', () => {
    expect(userParam(buildDirectoryXml(DOMAIN, base), 'dial-string')).toBeUndefined();
  });

  it('answers busy while do-not-disturb is on, even with a forward set', () => {
    const xml = buildDirectoryXml(DOMAIN, {
      ...base,
      doNotDisturb: true,
      forwardAllDestination: '0312345678',
    });
    expect(userParam(xml, 'dial-string')).toMatch(/\[value=error\/user_busy\]$/);
    expect(userVariable(xml, 'do_not_disturb')).toMatch(/\[value=true\]$/);
  });

  it('forwards every call through loopback into the tenant context', () => {
    const xml = buildDirectoryXml(DOMAIN, { ...base, forwardAllDestination: ' 0312345678 ' });
    expect(userParam(xml, 'dial-string')).toMatch(
      /\[value=\{presence_id=\$\{dialed_user\}@\$\{dialed_domain\}\}loopback\/0312345678\/tenant-a\.example\]$/,
    );
    expect(userVariable(xml, 'forward_all_enabled')).toMatch(/\[value=true\]$/);
    expect(userVariable(xml, 'forward_all_destination')).toMatch(/\[value=0312345678\]$/);
  });

  it('refuses to splice a destination that is not a plain number into a dial string', () => {
    for (const bad of ['123,sofia/gateway/x/999', '1001|error/x', '{a=b}1001', '']) {
      const xml = buildDirectoryXml(DOMAIN, { ...base, forwardAllDestination: bad });
      expect(userParam(xml, 'dial-string')).toBeUndefined();
      expect(userVariable(xml, 'forward_all_enabled')).toMatch(/\[value=false\]$/);
      expect(userVariable(xml, 'forward_all_destination')).toBeUndefined();
    }
  });

  it('sets ring time, outbound caller id and extra variables when given', () => {
    const xml = buildDirectoryXml(DOMAIN, {
      ...base,
      callTimeoutSeconds: 25,
      outboundCallerIdName: '受付',
      outboundCallerIdNumber: '0312345678',
      variables: { tenant_id: 'tenant-a', custom: 'x' },
    });
    expect(userVariable(xml, 'call_timeout')).toMatch(/\[value=25\]$/);
    expect(userVariable(xml, 'outbound_caller_id_name')).toMatch(/\[value=受付\]$/);
    expect(userVariable(xml, 'outbound_caller_id_number')).toMatch(/\[value=0312345678\]$/);
    expect(userVariable(xml, 'custom')).toMatch(/\[value=x\]$/);
  });

  it('uses the extension as caller number when none is given', () => {
    const xml = buildDirectoryXml(DOMAIN, { ...base, effectiveCallerIdNumber: null });
    expect(userVariable(xml, 'effective_caller_id_number')).toMatch(/\[value=1001\]$/);
  });

  it('carries any password and name safely through XML escaping', () => {
    const password = `p"a'ss<w>&rd`;
    const xml = buildDirectoryXml(DOMAIN, { ...base, password, effectiveCallerIdName: '山田 "太郎" <営業>' });
    expect(userParam(xml, 'password')).toBe(
      `${userPath('1001')}/params/param[name=password][value=${password}]`,
    );
    expect(userVariable(xml, 'effective_caller_id_name')).toMatch(/\[value=山田 "太郎" <営業>\]$/);
  });
});
