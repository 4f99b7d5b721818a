/** An XML element: a name, its attributes and its children (elements or text runs). */
export interface XmlElement {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: readonly XmlChild[];
}

export type XmlChild = XmlElement | string;

type AttrValue = string | number | boolean | null | undefined;

const NAME = /^[A-Za-z_][\w.:-]*$/;
// Characters XML 1.0 cannot carry at all, even escaped: dropped rather than producing a document
// FreeSWITCH's parser would reject.
const INVALID_CHARS = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Escapes text content. */
export function escapeText(value: string): string {
  return value.replace(INVALID_CHARS, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Escapes an attribute value; line breaks and tabs become character references so they survive. */
export function escapeAttr(value: string): string {
  return escapeText(value)
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

/** Builds an element; null/undefined attributes and falsy children are left out. */
export function el(
  name: string,
  attrs: Readonly<Record<string, AttrValue>> = {},
  children: readonly (XmlChild | null | undefined | false)[] = [],
): XmlElement {
  if (!NAME.test(name)) throw new Error(`invalid XML name: ${name}`);
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(attrs)) {
    if (!NAME.test(key)) throw new Error(`invalid XML attribute name: ${key}`);
    if (value !== null && value !== undefined) kept[key] = String(value);
  }
  const kids = children.filter((c): c is XmlChild => c !== null && c !== undefined && c !== false);
  return { name, attrs: kept, children: kids };
}

function renderAttrs(e: XmlElement): string {
  return Object.entries(e.attrs)
    .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
    .join('');
}

function renderElement(e: XmlElement, indent: string): string {
  const open = `${indent}<${e.name}${renderAttrs(e)}`;
  if (e.children.length === 0) return `${open}/>`;
  // Elements holding text are written on one line so no whitespace is added to their content.
  if (e.children.some((c) => typeof c === 'string')) {
    const inner = e.children
      .map((c) => (typeof c === 'string' ? escapeText(c) : renderElement(c, '')))
      .join('');
    return `${open}>${inner}</${e.name}>`;
  }
  const inner = e.children.map((c) => renderElement(c as XmlElement, indent + '  ')).join('\n');
  return `${open}>\n${inner}\n${indent}</${e.name}>`;
}

/** Renders a whole document: XML declaration, then the element tree indented by two spaces. */
export function renderXml(root: XmlElement): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n${renderElement(root, '')}\n`;
}

/** Wraps sections in FreeSWITCH's `<document type="freeswitch/xml">` and renders it. */
export function freeswitchDocument(...sections: XmlElement[]): string {
  return renderXml(el('document', { type: 'freeswitch/xml' }, sections));
}

/** The answer mod_xml_curl understands as "nothing here, use your own configuration". */
export const NOT_FOUND_XML = freeswitchDocument(
  el('section', { name: 'result' }, [el('result', { status: 'not found' })]),
);
