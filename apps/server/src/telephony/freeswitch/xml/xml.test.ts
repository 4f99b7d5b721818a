import { describe, expect, it } from 'vitest';
import { fixtureNames, fixtureText } from '../testing/fixtures';
import { xmlPaths } from '../testing/xml-paths';
import { NOT_FOUND_XML, el, escapeAttr, escapeText, freeswitchDocument, renderXml } from './xml';
import { parseXml } from './xml-parse';

const recordedNotFound = [
  ...fixtureNames('xml_curl', 'notfound.response-we-sent.xml').map((n) => `xml_curl/${n}`),
  ...fixtureNames('http-raw', 'notfound.response.xml').map((n) => `http-raw/${n}`),
];

describe('xml builder', () => {
  it('has recorded not-found answers to compare with', () => {
    expect(recordedNotFound.length).toBeGreaterThan(20);
  });

  it.each(recordedNotFound)('NOT_FOUND_XML has the structure of %s', (file) => {
    expect(xmlPaths(parseXml(NOT_FOUND_XML))).toEqual(xmlPaths(parseXml(fixtureText(file))));
  });

  it('writes the declaration and the not-found document FreeSWITCH expects', () => {
    expect(NOT_FOUND_XML).toBe(
      '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' +
        '<document type="freeswitch/xml">\n' +
        '  <section name="result">\n' +
        '    <result status="not found"/>\n' +
        '  </section>\n' +
        '</document>\n',
    );
  });

  it('escapes attribute values so they read back unchanged', () => {
    const tricky = `a"b'c<d>e&f\ng\th\r`;
    const doc = renderXml(el('param', { name: 'password', value: tricky }));
    expect(doc).toContain('value="a&quot;b&apos;c&lt;d&gt;e&amp;f&#10;g&#9;h&#13;"');
    expect(parseXml(doc).attrs.value).toBe(tricky);
  });

  it('escapes text and keeps it on the element line', () => {
    const doc = renderXml(el('body', {}, ['1 < 2 & 3 > 2']));
    expect(doc).toContain('<body>1 &lt; 2 &amp; 3 &gt; 2</body>');
    expect(parseXml(doc).children).toEqual(['1 < 2 & 3 > 2']);
  });

  it('drops characters XML cannot carry', () => {
    expect(escapeText('a\u0000b\u0007c')).toBe('abc');
    expect(escapeAttr('x\u001by')).toBe('xy');
  });

  it('leaves out null and undefined attributes and falsy children, and stringifies the rest', () => {
    const e = el('user', { id: 1001, enabled: true, gone: null, unset: undefined }, [null, false, undefined]);
    expect(e).toEqual({ name: 'user', attrs: { id: '1001', enabled: 'true' }, children: [] });
  });

  it('refuses names that are not XML names', () => {
    expect(() => el('bad name')).toThrow();
    expect(() => el('ok', { 'on"click': 'x' })).toThrow();
  });

  it('indents nested elements by two spaces inside a freeswitch document', () => {
    const doc = freeswitchDocument(el('section', { name: 'directory' }, [el('domain', { name: 'd' })]));
    expect(doc.split('\n')).toEqual([
      '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
      '<document type="freeswitch/xml">',
      '  <section name="directory">',
      '    <domain name="d"/>',
      '  </section>',
      '</document>',
      '',
    ]);
  });
});
