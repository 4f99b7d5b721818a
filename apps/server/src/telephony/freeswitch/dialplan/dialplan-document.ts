/** Renders a translation as the dialplan answer mod_xml_curl hands to FreeSWITCH. */
import { el, freeswitchDocument, type XmlElement } from '../xml/xml';
import type { Action, Translation } from './translation';

/** Dial strings safe to put in a regular expression once escaped (anything else matches by position). */
const PLAIN_NUMBER = /^[0-9A-Za-z*#+._-]{1,64}$/;

// FreeSWITCH expands '${…}' inside expressions too, so only plain numbers are ever placed in one.
function exactly(dialled: string): string {
  return PLAIN_NUMBER.test(dialled) ? `^${dialled.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$` : '^.*$';
}

const actionElement = (name: 'action' | 'anti-action', { app, data }: Action) =>
  el(name, { application: app, data });

/**
 * The answer holds exactly one extension for the dialled number, in the context FreeSWITCH asked
 * for (it ignores an answer without it). Guards become further conditions that never stop the hunt,
 * each choosing its actions or anti-actions.
 */
export function buildDialplanXml(
  context: string,
  dialled: string,
  name: string,
  translation: Translation,
): string {
  const conditions: XmlElement[] = [
    el(
      'condition',
      { field: 'destination_number', expression: exactly(dialled) },
      translation.actions.map((a) => actionElement('action', a)),
    ),
    ...translation.guards.map((g) =>
      el('condition', { field: g.field, expression: g.expression, break: 'never' }, [
        ...g.then.map((a) => actionElement('action', a)),
        ...g.otherwise.map((a) => actionElement('anti-action', a)),
      ]),
    ),
  ];
  return freeswitchDocument(
    el('section', { name: 'dialplan', description: 'Tsunagu' }, [
      el('context', { name: context }, [el('extension', { name }, conditions)]),
    ]),
  );
}
