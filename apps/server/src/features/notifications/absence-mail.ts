/** The Japanese absence mails: 留守番電話のお知らせ and 不在着信のお知らせ. */
import type { MailMessage } from '../../platform/mail/mailer';
import type { AbsenceMail, CallRecord } from '../../telephony/engine';

type VoicemailFacts = NonNullable<AbsenceMail['voicemail']>;
type MissedCallFacts = NonNullable<AbsenceMail['missedCall']>;

const FOOTER = 'このメールは つなぐ から自動送信されています。返信はできません。';

/** The instant's wall-clock parts in the tenant's time zone. */
function localParts(instant: Date, timeZone: string): Record<string, string> {
  const format = new Intl.DateTimeFormat('ja-JP', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
}

/** '2026年11月20日(金) 18:30:05' in the tenant's time zone. */
export function localTime(instant: Date, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return `${p.year}年${p.month}月${p.day}日(${p.weekday}) ${p.hour}:${p.minute}:${p.second}`;
}

/** The caller as a person reads it: 'name (number)', the number alone, or 非通知. */
function callerOf(record: CallRecord): string {
  const number = record.callerIdNumber.trim();
  const name = record.callerIdName.trim();
  const shownNumber = number === '' || /^anonymous$/i.test(number) ? '非通知' : number;
  return name && name !== number ? `${name} (${shownNumber})` : shownNumber;
}

/** '1分05秒', '8秒'. */
export function duration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return minutes > 0 ? `${minutes}分${String(rest).padStart(2, '0')}秒` : `${rest}秒`;
}

/** 留守番電話のお知らせ; `attachment` is the recording's path when the file is there to attach. */
export function voicemailMail(
  record: CallRecord,
  facts: VoicemailFacts,
  timeZone: string,
  attachment: string | null,
): MailMessage {
  const p = localParts(record.startStamp, timeZone);
  const filename = `voicemail-${p.year}${p.month}${p.day}-${p.hour}${p.minute}${p.second}.wav`;
  const lines = [
    '留守番電話にメッセージが届きました。',
    '',
    `発信者: ${callerOf(record)}`,
    `着信番号: ${record.destinationNumber}`,
    `日時: ${localTime(record.startStamp, timeZone)}`,
    `録音時間: ${duration(facts.seconds)}`,
    attachment ? `録音: 添付ファイル (${filename})` : '録音: このメールには添付されていません',
    '',
    FOOTER,
  ];
  return {
    to: facts.email,
    subject: `留守番電話のお知らせ：${callerOf(record)}`,
    text: lines.join('\n') + '\n',
    ...(attachment ? { attachments: [{ filename, path: attachment }] } : {}),
  };
}

/** 不在着信のお知らせ: a ring group's call that nobody took. */
export function missedCallMail(record: CallRecord, facts: MissedCallFacts, timeZone: string): MailMessage {
  const group = facts.groupName ? `${facts.groupName} (${facts.groupNumber})` : facts.groupNumber;
  const lines = [
    `着信グループ「${facts.groupName || facts.groupNumber}」への着信に、どなたも応答しませんでした。`,
    '',
    `着信グループ: ${group}`,
    `発信者: ${callerOf(record)}`,
    `日時: ${localTime(record.startStamp, timeZone)}`,
    '',
    FOOTER,
  ];
  return {
    to: facts.email,
    subject: `不在着信のお知らせ：${callerOf(record)}`,
    text: lines.join('\n') + '\n',
  };
}
