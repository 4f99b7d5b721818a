export type * from './types';
export {
  EslDecoder,
  EslProtocolError,
  EslCommandInjectionError,
  serializeEslCommand,
  urlDecode,
  type EslCommand,
  type EslEvent,
  type EslHeaders,
  type EslMessage,
} from './esl/esl-codec';
export {
  EslClient,
  EslError,
  type EslClientEvents,
  type EslClientOptions,
  type EslErrorCode,
} from './esl/esl-client';
export {
  ENGINE_EVENT_NAMES,
  ENGINE_EVENT_SUBCLASSES,
  callStateEntryFromEvent,
  parseShowChannels,
  parseValetInfo,
  toEngineEvent,
} from './esl/events';
export {
  CdrParseError,
  isShortNumber,
  parseJsonCdr,
  toCallRecord,
  type JsonCdrOptions,
} from './cdr/json-cdr';
export { NOT_FOUND_XML, el, escapeAttr, escapeText, freeswitchDocument, renderXml } from './xml/xml';
export type { XmlChild, XmlElement } from './xml/xml';
export { XmlParseError, childElements, parseXml, textOf } from './xml/xml-parse';
export { buildDirectoryXml, type DirectoryUser } from './xml/directory';
export { parseXmlCurlRequest } from './xml/request';
export {
  createFreeswitchEngine,
  type FreeswitchEngine,
  type FreeswitchEngineDeps,
} from './engine/freeswitch-engine';
export { freeswitchRoutes, type FreeswitchRoutesDeps } from './http/freeswitch-routes';
export { createXmlAnswers, type XmlAnswers, type XmlAnswersDeps } from './xml-curl/xml-answers';
export { callRecordOf } from './cdr/cdr-intake';
