import type { XmlChild, XmlElement } from './xml';

/** Raised when a document is not well-formed enough to read. */
export class XmlParseError extends Error {
  override name = 'XmlParseError';
}

const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    return ENTITIES[ref] ?? whole;
  });
}

const NAME = /[A-Za-z_][\w.:-]*/y;
const ATTR = /\s+([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/y;

/**
 * Reads a small XML document (FreeSWITCH answers, valet_info, XML events) into elements.
 * Non-validating: comments, processing instructions and DOCTYPE are skipped; text that is only
 * whitespace between elements is dropped; CDATA and entities are decoded.
 */
export function parseXml(source: string): XmlElement {
  let pos = 0;
  const fail = (what: string): never => {
    throw new XmlParseError(`${what} at offset ${pos}`);
  };
  const skipMisc = () => {
    for (;;) {
      while (pos < source.length && /\s/.test(source[pos] ?? '')) pos++;
      if (source.startsWith('<?', pos)) pos = endOf('?>');
      else if (source.startsWith('<!--', pos)) pos = endOf('-->');
      else if (source.startsWith('<!DOCTYPE', pos)) pos = endOf('>');
      else return;
    }
  };
  const endOf = (terminator: string): number => {
    const at = source.indexOf(terminator, pos);
    if (at < 0) fail(`unterminated construct, expected "${terminator}"`);
    return at + terminator.length;
  };
  const readName = (): string => {
    NAME.lastIndex = pos;
    const m = NAME.exec(source);
    if (!m) return fail('expected a name');
    pos = NAME.lastIndex;
    return m[0];
  };

  const readElement = (): XmlElement => {
    if (source[pos] !== '<') fail('expected "<"');
    pos++;
    const name = readName();
    const attrs: Record<string, string> = {};
    for (;;) {
      ATTR.lastIndex = pos;
      const m = ATTR.exec(source);
      if (!m) break;
      attrs[m[1] as string] = decodeEntities(m[3] ?? m[4] ?? '');
      pos = ATTR.lastIndex;
    }
    while (/\s/.test(source[pos] ?? '')) pos++;
    if (source.startsWith('/>', pos)) {
      pos += 2;
      return { name, attrs, children: [] };
    }
    if (source[pos] !== '>') fail(`malformed start tag <${name}>`);
    pos++;
    const children: XmlChild[] = [];
    let text = '';
    const flushText = () => {
      if (text.trim() !== '') children.push(text);
      text = '';
    };
    for (;;) {
      if (pos >= source.length) fail(`<${name}> is not closed`);
      if (source.startsWith('</', pos)) {
        pos += 2;
        const closing = readName();
        if (closing !== name) fail(`</${closing}> closes <${name}>`);
        while (/\s/.test(source[pos] ?? '')) pos++;
        if (source[pos] !== '>') fail('malformed end tag');
        pos++;
        flushText();
        return { name, attrs, children };
      }
      if (source.startsWith('<![CDATA[', pos)) {
        const start = pos + 9;
        pos = endOf(']]>');
        text += source.slice(start, pos - 3);
      } else if (source.startsWith('<!--', pos) || source.startsWith('<?', pos)) {
        pos = endOf(source.startsWith('<!--', pos) ? '-->' : '?>');
      } else if (source[pos] === '<') {
        flushText();
        children.push(readElement());
      } else {
        const next = source.indexOf('<', pos);
        const end = next < 0 ? source.length : next;
        text += decodeEntities(source.slice(pos, end));
        pos = end;
      }
    }
  };

  skipMisc();
  const root = readElement();
  skipMisc();
  if (pos < source.length) fail('content after the root element');
  return root;
}

/** The element children of an element, optionally only those with a given name. */
export function childElements(parent: XmlElement, name?: string): XmlElement[] {
  return parent.children.filter(
    (c): c is XmlElement => typeof c !== 'string' && (name === undefined || c.name === name),
  );
}

/** The concatenated text directly inside an element. */
export function textOf(element: XmlElement): string {
  return element.children.filter((c): c is string => typeof c === 'string').join('');
}
