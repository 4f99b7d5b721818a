import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { endpoints } from '@tsunagu/contract/api';
import {
  DUPLICATE_POLICIES,
  DUPLICATE_POLICY_LABELS,
  IMPORT_FIELD_KEYS,
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  IMPORT_OUTCOME_LABELS,
  importMessages,
  type DuplicatePolicy,
  type ImportPreview,
  type ImportResult,
  type RefusedRow,
} from '@tsunagu/contract/crm/import';
import { menuLabel } from '@tsunagu/contract/menu';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Flex,
  Progress,
  Radio,
  Select,
  Statistic,
  Steps,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { fetchData } from '../../shared/api/client';
import { sendWithProgress, type CallProgress } from '../../shared/api/progress-request';
import { paths } from '../../shared/paths';
import { useDomainUuid } from '../../shared/pbx/pbx-query';
import { showAlert } from '../../shared/ui/alert';
import { useNotices } from '../../shared/ui/notices';
import { customerKeys } from './customer-api';
import { ImportProgress } from './import-progress';
import { importJa as t } from './import.ja';

/** A CSV text with a BOM, so that Excel opens the UTF-8 as UTF-8. */
function csvBlob(rows: readonly (readonly string[])[]): Blob {
  const cell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  return new Blob(['\uFEFF', rows.map((row) => row.map(cell).join(',')).join('\r\n'), '\r\n'], {
    type: 'text/csv;charset=utf-8',
  });
}

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The template: the fields' names as headers and one example row. */
export function templateRows(): string[][] {
  const headers = IMPORT_FIELD_KEYS.map((key) => IMPORT_FIELDS[key]);
  const example: Record<string, string> = {
    company: '株式会社つなぐ商事',
    companyKana: 'ツナグショウジ',
    person: '山田 太郎',
    personKana: 'ヤマダ タロウ',
    tel: '03-1234-5678',
    postalCode: '100-0001',
    prefecture: '東京都',
    address: '千代田区千代田1-1',
  };
  return [headers, IMPORT_FIELD_KEYS.map((key) => example[key] ?? '')];
}

/** The refused rows as a CSV: the line, the reason, then the row's cells under the file's headers. */
export function refusedRows(headers: readonly string[], refused: readonly RefusedRow[]): string[][] {
  return [
    [t.refusedLine, t.refusedReason, ...headers],
    ...refused.map((r) => [String(r.row), r.reason, ...r.cells]),
  ];
}

/** The multipart body of both steps: the options (JSON) and the file. */
function formOf(file: File, options: object): FormData {
  const form = new FormData();
  form.append('options', JSON.stringify(options));
  form.append('file', file);
  return form;
}

const fieldOptions = [
  { value: '', label: t.skipColumn },
  ...IMPORT_FIELD_KEYS.map((key) => ({ value: key, label: IMPORT_FIELDS[key] })),
];
const OUTCOME_COLORS = { new: 'green', update: 'blue', skip: 'default', refused: 'red' } as const;

/** 顧客インポート (/cust/cust-import): upload → mapping → preview and dry run → import → refused rows. */
export function ImportPage() {
  const domainUuid = useDomainUuid();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [policy, setPolicy] = useState<DuplicatePolicy>('skip');
  const [busy, setBusy] = useState<'preview' | 'commit' | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [progress, setProgress] = useState<CallProgress | null>(null);

  const runPreview = async (
    chosen: File,
    options: { mapping?: Record<string, string>; policy: DuplicatePolicy },
  ) => {
    setBusy('preview');
    try {
      const answer = await fetchData(endpoints.customerImportPreview, {
        body: formOf(chosen, { domainUuid, ...options }),
      });
      setPreview(answer);
      setMapping(answer.mapping);
      setResult(null);
    } catch (error) {
      notices.failed(error);
    } finally {
      setBusy(null);
    }
  };
  const choose = (chosen: File) => {
    if (chosen.size > IMPORT_MAX_BYTES) return showAlert(importMessages.fileTooLarge);
    setFile(chosen);
    void runPreview(chosen, { policy });
  };
  const commit = async () => {
    if (!file) return;
    setBusy('commit');
    try {
      setProgress(null);
      const answer = await sendWithProgress(
        endpoints.customerImportCommit,
        { body: formOf(file, { domainUuid, mapping, policy }) },
        setProgress,
      );
      setResult(answer);
      void queryClient.invalidateQueries({ queryKey: customerKeys.all(domainUuid) });
    } catch (error) {
      notices.failed(error);
    } finally {
      setBusy(null);
    }
  };
  const reset = () => {
    setFile(null);
    setPreview(null);
    setResult(null);
  };
  const step = result ? 3 : busy === 'commit' ? 2 : preview ? 1 : 0;
  const named = Object.values(mapping).some((field) => field === 'company' || field === 'person');

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1200 }}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {menuLabel(paths.cust.import.path)}
        </Typography.Title>
        <Button icon={<DownloadOutlined />} onClick={() => download(csvBlob(templateRows()), t.templateName)}>
          {t.template}
        </Button>
      </Flex>
      <Steps current={step} items={t.steps.map((title) => ({ title }))} />
      {!preview && (
        <Upload.Dragger
          accept=".csv,.xlsx,text/csv"
          showUploadList={false}
          disabled={busy !== null}
          beforeUpload={(chosen) => {
            choose(chosen);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{busy === 'preview' ? t.reading : t.drop}</p>
          <Typography.Text type="secondary">{t.formats}</Typography.Text>
        </Upload.Dragger>
      )}
      {preview && file && !result && (
        <>
          <Card size="small" title={t.mappingTitle(file.name, preview.encoding)}>
            <Flex gap={12} wrap>
              {preview.headers.map((header) => (
                <Flex key={header} vertical gap={2} style={{ width: 200 }}>
                  <Typography.Text strong ellipsis>
                    {header}
                  </Typography.Text>
                  <Select
                    aria-label={t.mappingOf(header)}
                    value={mapping[header] ?? ''}
                    options={fieldOptions}
                    onChange={(value: string) => setMapping({ ...mapping, [header]: value })}
                  />
                </Flex>
              ))}
            </Flex>
            {!named && (
              <Alert type="warning" showIcon title={importMessages.noNameColumn} style={{ marginTop: 12 }} />
            )}
          </Card>
          <Card size="small" title={t.policyTitle}>
            <Radio.Group
              value={policy}
              onChange={(e) => setPolicy(e.target.value as DuplicatePolicy)}
              options={DUPLICATE_POLICIES.map((value) => ({ value, label: DUPLICATE_POLICY_LABELS[value] }))}
            />
            <Flex gap={8} style={{ marginTop: 12 }}>
              <Button loading={busy === 'preview'} onClick={() => void runPreview(file, { mapping, policy })}>
                {t.recheck}
              </Button>
            </Flex>
          </Card>
          <Card size="small" title={t.dryRun}>
            <Flex gap={32} wrap>
              <Statistic title={t.counts.total} value={preview.counts.total} />
              <Statistic title={t.counts.new} value={preview.counts.new} />
              <Statistic title={t.counts.updated} value={preview.counts.updated} />
              <Statistic title={t.counts.skipped} value={preview.counts.skipped} />
              <Statistic
                title={t.counts.refused}
                value={preview.counts.refused}
                styles={{ content: { color: preview.counts.refused ? '#cf1322' : undefined } }}
              />
            </Flex>
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              {t.dryRunNote}
            </Typography.Paragraph>
          </Card>
          <Table
            size="small"
            rowKey="row"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={preview.rows}
            columns={[
              { title: t.line, dataIndex: 'row', width: 60 },
              {
                title: t.outcome,
                dataIndex: 'outcome',
                width: 90,
                render: (outcome: keyof typeof OUTCOME_COLORS) => (
                  <Tag color={OUTCOME_COLORS[outcome]}>{IMPORT_OUTCOME_LABELS[outcome]}</Tag>
                ),
              },
              { title: t.reason, dataIndex: 'reason', width: 260 },
              ...preview.headers.map((header, i) => ({
                title: header,
                key: `c${i}`,
                render: (_: unknown, row: ImportPreview['rows'][number]) => row.cells[i] ?? '',
              })),
            ]}
          />
          {busy === 'commit' && <ImportProgress progress={progress} />}
          <Flex gap={8} justify="flex-end" align="center">
            <Button onClick={reset} disabled={busy !== null}>
              {t.another}
            </Button>
            <Button
              type="primary"
              loading={busy === 'commit'}
              disabled={!named || busy === 'preview'}
              onClick={() => void commit()}
            >
              {t.commit(preview.counts.new + (policy === 'update' ? preview.counts.updated : 0))}
            </Button>
          </Flex>
        </>
      )}
      {result && preview && (
        <Card size="small" title={t.done}>
          <Progress percent={100} />
          <Typography.Paragraph>{t.doneSummary(result.counts)}</Typography.Paragraph>
          <Flex gap={8}>
            {result.refused.length > 0 && (
              <Button
                icon={<DownloadOutlined />}
                onClick={() => download(csvBlob(refusedRows(preview.headers, result.refused)), t.refusedName)}
              >
                {t.refusedDownload(result.refused.length)}
              </Button>
            )}
            <Button onClick={reset}>{t.another}</Button>
          </Flex>
        </Card>
      )}
    </Flex>
  );
}
