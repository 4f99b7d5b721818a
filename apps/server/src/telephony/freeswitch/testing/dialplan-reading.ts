/** Reads a dialplan answer back the way FreeSWITCH's mod_dialplan_xml does (for tests). */
import type { XmlElement } from '../xml/xml';
import { childElements, parseXml } from '../xml/xml-parse';

export type App = [app: string, data: string];

export interface ReadCondition {
  field: string | undefined;
  expression: string | undefined;
  break: string | undefined;
  actions: App[];
  antiActions: App[];
}

export interface ReadExtension {
  name: string;
  conditions: ReadCondition[];
}

export interface ReadDialplan {
  context: string;
  extensions: ReadExtension[];
}

const apps = (parent: XmlElement, name: string): App[] =>
  childElements(parent, name).map((a) => [a.attrs.application ?? '', a.attrs.data ?? '']);

/** The single context of a dialplan answer, with its extensions; throws unless it has that shape. */
export function readDialplan(xml: string): ReadDialplan {
  const document = parseXml(xml);
  if (document.name !== 'document' || document.attrs.type !== 'freeswitch/xml')
    throw new Error('not a FreeSWITCH document');
  const [section, ...moreSections] = childElements(document, 'section');
  if (!section || moreSections.length > 0 || section.attrs.name !== 'dialplan')
    throw new Error('no dialplan section');
  const [context, ...moreContexts] = childElements(section, 'context');
  if (!context || moreContexts.length > 0) throw new Error('expected one context');
  return {
    context: context.attrs.name ?? '',
    extensions: childElements(context, 'extension').map((extension) => ({
      name: extension.attrs.name ?? '',
      conditions: childElements(extension, 'condition').map((condition) => ({
        field: condition.attrs.field,
        expression: condition.attrs.expression,
        break: condition.attrs.break,
        actions: apps(condition, 'action'),
        antiActions: apps(condition, 'anti-action'),
      })),
    })),
  };
}

/** The conditions of an answer that holds exactly one extension (as ours always do). */
export function onlyExtension(xml: string): ReadExtension {
  const [extension, ...more] = readDialplan(xml).extensions;
  if (!extension || more.length > 0) throw new Error('expected exactly one extension');
  return extension;
}

/**
 * The applications FreeSWITCH would run for the dialled number, given what each guard field expands
 * to: the first condition must match the number; every further condition (break="never") adds its
 * actions when its expression is found in the expanded field, its anti-actions otherwise.
 */
export function executed(xml: string, dialled: string, expand: (field: string) => string = () => ''): App[] {
  const [first, ...rest] = onlyExtension(xml).conditions;
  if (!first || first.field !== 'destination_number' || !new RegExp(first.expression ?? '$^').test(dialled))
    return [];
  const apps = [...first.actions];
  for (const condition of rest) {
    if (condition.break !== 'never') throw new Error('a guard must never stop the hunt');
    const holds = new RegExp(condition.expression ?? '').test(expand(condition.field ?? ''));
    apps.push(...(holds ? condition.actions : condition.antiActions));
  }
  return apps;
}
