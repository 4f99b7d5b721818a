import { z } from 'zod';
import { formatDate, parseDate } from '../schedule/calendar';
import { periodDays, periodSchema, type Period } from './period';

/** POST /v1/analysis/extension: a period; figures per user beside the previous period of the same length. */
export const extensionAnalysisRequestSchema = z.intersection(
  periodSchema,
  z.object({ domainUuid: z.uuid().optional() }),
);
export type ExtensionAnalysisRequest = z.infer<typeof extensionAnalysisRequestSchema>;

export const extensionFiguresSchema = z.object({
  /** Incoming calls this user answered. */
  inbound: z.number(),
  /** Outside calls this user placed, connected or not. */
  outbound: z.number(),
  /** Calls to colleagues this user placed. */
  internal: z.number(),
  /** Incoming calls that rang this user's extension and that nobody answered. */
  missed: z.number(),
  /** Seconds of talk on the calls this user handled. */
  talkSeconds: z.number(),
  /** Seconds per connected call, null without one. */
  averageTalk: z.number().nullable(),
  /** Calls handled (in + out + internal) per local hour, index 0 = 00:00–00:59. */
  byHour: z.array(z.number()).length(24),
});
export type ExtensionFigures = z.infer<typeof extensionFiguresSchema>;

export const extensionAnalysisRowSchema = z.object({
  userUuid: z.uuid(),
  userNm: z.string(),
  extension: z.string().nullable(),
  current: extensionFiguresSchema,
  previous: extensionFiguresSchema,
});
export type ExtensionAnalysisRow = z.infer<typeof extensionAnalysisRowSchema>;

export const extensionAnalysisSchema = z.object({
  timeZone: z.string(),
  /** The period compared with: the same number of days just before. */
  previous: z.object({ from: z.string(), to: z.string() }),
  /** Ranked by calls handled, most first. */
  rows: z.array(extensionAnalysisRowSchema),
});
export type ExtensionAnalysis = z.infer<typeof extensionAnalysisSchema>;

/** Calls a user handled: answered incoming, placed outgoing and internal calls. */
export function callsHandled(f: Pick<ExtensionFigures, 'inbound' | 'outbound' | 'internal'>): number {
  return f.inbound + f.outbound + f.internal;
}

/** The same number of days just before a period. */
export function previousPeriod(period: Period): Period {
  const from = parseDate(period.from) ?? 0;
  const days = periodDays(period);
  return { from: formatDate(from - days), to: formatDate(from - 1) };
}

/** Change from the previous period as a ratio (0.25 = +25 %); null when there was nothing before. */
export function changeRatio(current: number, previous: number): number | null {
  return previous === 0 ? null : (current - previous) / previous;
}

export const EXTENSION_MEASURES = [
  'handled',
  'inbound',
  'outbound',
  'internal',
  'missed',
  'talkSeconds',
  'averageTalk',
] as const;
export type ExtensionMeasure = (typeof EXTENSION_MEASURES)[number];

/** Plain-Japanese labels and definitions for the screen's tooltips. */
export const EXTENSION_MEASURE_LABELS: Record<ExtensionMeasure, { label: string; definition: string }> = {
  handled: {
    label: '対応件数',
    definition: '着信応答・発信・内線発信の合計です。順位はこの件数で決まります。',
  },
  inbound: { label: '着信応答', definition: '外線からの着信のうち、この担当者が応答した件数です。' },
  outbound: {
    label: '発信',
    definition: 'この担当者が外線へ発信した件数です(相手が出なかった発信を含みます)。',
  },
  internal: { label: '内線発信', definition: 'この担当者が他の内線へかけた件数です。' },
  missed: {
    label: '不在',
    definition: '外線からの着信のうち、この担当者の内線を呼び出し、誰も応答しなかった件数です。',
  },
  talkSeconds: { label: '通話時間合計', definition: 'この担当者が対応した通話の通話時間の合計です。' },
  averageTalk: { label: '平均通話時間', definition: '相手とつながった通話1件あたりの通話時間の平均です。' },
};
