import type { XmlElement } from '../xml/xml';

/**
 * Flattens a document into one line per leaf: the element path with every attribute (sorted) and
 * any text, e.g. `document[type=freeswitch/xml]/section[name=directory]/…/param[name=password][value=x]`.
 * Two documents with the same lines have the same meaningful structure, whatever their layout.
 */
export function xmlPaths(element: XmlElement, prefix = ''): string[] {
  const attrs = Object.entries(element.attrs)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `[${k}=${v}]`)
    .join('');
  const here = `${prefix}/${element.name}${attrs}`;
  const texts = element.children.filter((c): c is string => typeof c === 'string').map((t) => t.trim());
  const elements = element.children.filter((c): c is XmlElement => typeof c !== 'string');
  if (elements.length === 0) return [texts.length ? `${here}="${texts.join('')}"` : here];
  return [...texts.map((t) => `${here}="${t}"`), ...elements.flatMap((c) => xmlPaths(c, here))].sort();
}
