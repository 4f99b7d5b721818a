import { percentOf } from '@tsunagu/contract/progress';
import { Card, Flex, Progress, Steps, Typography } from 'antd';
import type { CallProgress } from '../../shared/api/progress-request';
import { importJa } from './import.ja';

const t = importJa.progress;
const STEPS = ['upload', 'check', 'write'] as const;
const STEP_TITLES = { upload: '送信', check: '確認', write: '書き込み' } as const;

/** Bytes as people read them: 512 KB, 3.4 MB. */
const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function describe(progress: CallProgress | null): string {
  if (!progress) return t.waiting;
  if (progress.step === 'upload') return t.upload(size(progress.done), size(progress.total));
  return t[progress.step](progress.done, progress.total);
}

/**
 * The commit's progress as the server reports it: the upload's bytes, the rows checked, the rows written,
 * each step's own percentage (no estimate: a step's bar moves only when its work does).
 */
export function ImportProgress({ progress }: { progress: CallProgress | null }) {
  const current = progress ? STEPS.indexOf(progress.step) : 0;
  // The upload's last byte is sent before the server's first line: the bar then waits at 100%.
  const percent = progress ? percentOf(progress) : 0;
  return (
    <Card size="small" title={t.title}>
      <Flex vertical gap={8}>
        <Steps size="small" current={current} items={STEPS.map((step) => ({ title: STEP_TITLES[step] }))} />
        <Progress percent={percent} status="active" aria-label={describe(progress)} />
        <Typography.Text>{describe(progress)}</Typography.Text>
        <Typography.Text type="secondary">{t.note}</Typography.Text>
      </Flex>
    </Card>
  );
}
