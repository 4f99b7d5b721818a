import { z } from 'zod';
import { formatDate, parseDate } from '../schedule/calendar';
import { nationalHolidayOn } from '../schedule/holidays';
import { periodSchema, type Period } from './period';

/** How the call analysis groups a period. */
export const CALL_GROUPINGS = ['hour', 'day', 'weekday', 'week', 'month'] as const;
export type CallGrouping = (typeof CALL_GROUPINGS)[number];
export const CALL_GROUPING_LABELS: Record<CallGrouping, string> = {
  hour: '時間帯別',
  day: '日別',
  weekday: '曜日別',
  week: '週別',
  month: '月別',
};

/** POST /v1/analysis/line. */
export const lineAnalysisRequestSchema = z.intersection(
  periodSchema,
  z.object({
    domainUuid: z.uuid().optional(),
    grouping: z.enum(CALL_GROUPINGS, { error: '集計単位を選択してください。' }).default('day'),
    /** Only calls to this incoming number. */
    incomingNumber: z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, { error: '着信番号を確認してください。' })
      .nullish(),
    /** Leave out calls the schedule answered as closed (営業時間外). */
    businessHoursOnly: z.boolean().default(false),
    /** Leave out Japan's public holidays. */
    excludeHolidays: z.boolean().default(false),
  }),
);
export type LineAnalysisRequest = z.input<typeof lineAnalysisRequestSchema>;

export const LINE_MEASURES = [
  'incoming',
  'answered',
  'missed',
  'abandonedIvr',
  'outOfHours',
  'answerRate',
  'averageWait',
  'longestWait',
  'outgoing',
  'connected',
  'averageTalk',
  'distinctCallers',
] as const;
export type LineMeasure = (typeof LINE_MEASURES)[number];

export const lineFiguresSchema = z.object({
  incoming: z.number(),
  answered: z.number(),
  missed: z.number(),
  abandonedIvr: z.number(),
  outOfHours: z.number(),
  answerRate: z.number().nullable(),
  /** Seconds an answered incoming call rang before it was answered. */
  averageWait: z.number().nullable(),
  longestWait: z.number().nullable(),
  outgoing: z.number(),
  connected: z.number(),
  /** Seconds of talk per answered call, either direction. */
  averageTalk: z.number().nullable(),
  distinctCallers: z.number(),
});
export type LineFigures = z.infer<typeof lineFiguresSchema>;

export const lineAnalysisSchema = z.object({
  timeZone: z.string(),
  /** Each group's key ('YYYY-MM-DD', 'YYYY-MM', hour 0–23 or ISO weekday 1–7 as text) and figures. */
  groups: z.array(z.object({ key: z.string(), figures: lineFiguresSchema })),
  total: lineFiguresSchema,
  /** Incoming and missed calls by ISO weekday (index 0 = Monday) × local hour (0–23). */
  heatmap: z.object({ incoming: z.array(z.array(z.number())), missed: z.array(z.array(z.number())) }),
  /** The tenant's incoming numbers, for the filter. */
  incomingNumbers: z.array(z.string()),
});
export type LineAnalysis = z.infer<typeof lineAnalysisSchema>;

export const LINE_MEASURE_LABELS: Record<LineMeasure, { label: string; definition: string }> = {
  incoming: { label: '着信', definition: '外線からの着信件数です(1通話を1件と数えます)。' },
  answered: { label: '応答', definition: '着信のうち、誰かが応答した件数です。' },
  missed: {
    label: '不在',
    definition: '着信のうち、誰も応答しなかった件数です(IVR放棄・留守番電話・時間外・話中を含みます)。',
  },
  abandonedIvr: { label: 'IVR放棄', definition: '自動音声案内(IVR)の途中で発信者が切った件数です。' },
  outOfHours: {
    label: '時間外',
    definition: '営業時間外・休日のスケジュールで受け、誰も出なかった件数です。',
  },
  answerRate: { label: '応答率', definition: '応答率 = 応答件数 ÷ 着信件数。' },
  averageWait: {
    label: '平均待ち時間',
    definition: '応答した着信が、応答されるまで呼び出していた時間の平均です。',
  },
  longestWait: {
    label: '最長待ち時間',
    definition: '応答した着信の中で、応答までの呼び出しが最も長かった時間です。',
  },
  outgoing: { label: '発信', definition: '外線への発信件数です。' },
  connected: { label: '発信接続', definition: '外線への発信のうち、相手が応答した件数です。' },
  averageTalk: {
    label: '平均通話時間',
    definition: '応答した外線通話(着信・発信)1件あたりの通話時間の平均です。',
  },
  distinctCallers: {
    label: '発信者数',
    definition: '着信した電話番号の種類の数です(同じ番号からの複数回の着信は1と数えます)。',
  },
};

export const ISO_WEEKDAY_LABELS = ['月', '火', '水', '木', '金', '土', '日'] as const;

/** The public holidays within a period ('YYYY-MM-DD'), from the maintained holiday package. */
export function holidaysIn(period: Period): string[] {
  const from = parseDate(period.from) ?? 0;
  const to = parseDate(period.to) ?? -1;
  const days: string[] = [];
  for (let day = from; day <= to; day++) if (nationalHolidayOn(day)) days.push(formatDate(day));
  return days;
}
