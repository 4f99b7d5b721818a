import { describe, expect, it } from 'vitest';
import { fixtureNames, fixtureText } from '../testing/fixtures';
import { XmlParseError, childElements, parseXml, textOf } from './xml-parse';

const recordedXml = [
  ...fixtureNames('xml_curl', '.xml').map((n) => `xml_curl/${n}`),
  ...fixtureNames('http-raw', '.xml').map((n) => `http-raw/${n}`),
];

describe('parseXml', () => {
  it.each(recordedXml)('reads the recorded answer %s', (file) => {
    const root = parseXml(fixtureText(file));
    expect(root.name).toBe('document');
    expect(root.attrs.type).toBe('freeswitch/xml');
    expect(childElements(root, 'section')).toHaveLength(1);
  });

  it('reads attributes in either quote, entities, CDATA, and skips comments and declarations', () => {
    const root = parseXml(
      `<?xml version="1.0"?>\n<!-- note --><a x='1' y="&lt;&amp;&#65;&#x42;"><b/><!-- c --><c><![CDATA[<raw> & ]]>more</c></a>\n`,
    );
    expect(root.attrs).toEqual({ x: '1', y: '<&AB' });
    expect(childElements(root).map((e) => e.name)).toEqual(['b', 'c']);
    expect(textOf(childElements(root, 'c')[0]!)).toBe('<raw> & more');
  });

  it('drops whitespace-only text between elements but keeps meaningful text as is', () => {
    const root = parseXml('<r>\n  <a> x </a>\n</r>');
    expect(root.children).toHaveLength(1);
    expect(textOf(childElements(root, 'a')[0]!)).toBe(' x ');
  });

  it.each([
    ['<a><b></a>', 'mismatched end tag'],
    ['<a>', 'unclosed element'],
    ['<a/><b/>', 'two roots'],
    ['<a x=1/>', 'unquoted attribute'],
    ['', 'empty input'],
    ['<a><!-- never closed </a>', 'unterminated comment'],
  ])('rejects %s (%s)', (source) => {
    expect(() => parseXml(source)).toThrow(XmlParseError);
  });
});
