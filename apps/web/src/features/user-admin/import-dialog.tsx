import {
  importRowsOf,
  USER_IMPORT_MAX_ROWS,
  userImportMessages,
  type UserImportResult,
  type UserImportRow,
} from '@tsunagu/contract/admin/user-import';
import { Alert, Button, Checkbox, Flex, Modal, Space, Table, Typography } from 'antd';
import { useRef, useState } from 'react';
import { showAlert } from '../../shared/ui/alert';
import { exportGrid } from '../../shared/ui/export-grid';
import { useNotices } from '../../shared/ui/notices';
import { importUsers } from './user-admin-api';
import { readTable } from './read-table';
import { jaUserAdmin } from './user-admin.ja';

const t = jaUserAdmin.import;
type ResultRow = UserImportResult['rows'][number];

/** Users from a CSV or .xlsx file: read in the browser, checked by the server (preview), then created at once. */
export function ImportDialog({
  domainUuid,
  onDone,
  onClose,
}: {
  domainUuid: string;
  onDone: () => void;
  onClose: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const notices = useNotices();
  const [file, setFile] = useState<{ name: string; rows: UserImportRow[] } | null>(null);
  const [mustChangePassword, setMustChange] = useState(true);
  const [result, setResult] = useState<UserImportResult | null>(null);
  const [committed, setCommitted] = useState(false);
  const [busy, setBusy] = useState(false);

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    setResult(null);
    setCommitted(false);
    try {
      const rows = importRowsOf(await readTable(chosen));
      if (rows === null) return showAlert(userImportMessages.noIdColumn);
      if (rows.length === 0) return showAlert(userImportMessages.noRows);
      if (rows.length > USER_IMPORT_MAX_ROWS) return showAlert(userImportMessages.tooManyRows);
      setFile({ name: chosen.name, rows });
    } catch {
      showAlert(userImportMessages.unreadable);
    } finally {
      if (input.current) input.current.value = '';
    }
  };
  const send = async (commit: boolean) => {
    if (!file) return;
    setBusy(true);
    try {
      setResult(await importUsers(domainUuid, { rows: file.rows, commit, mustChangePassword }));
      if (commit) {
        setCommitted(true);
        onDone();
      }
    } catch (error) {
      notices.failed(error);
    } finally {
      setBusy(false);
    }
  };
  const errors = result?.rows.filter((row) => row.error !== null).length ?? 0;
  const passwords = result?.rows.filter((row) => row.password) ?? [];

  return (
    <Modal
      open
      title={t.title}
      width={760}
      mask={{ closable: false }}
      onCancel={onClose}
      footer={
        <Space>
          {!committed && (
            <>
              <Button disabled={!file} loading={busy && !result} onClick={() => void send(false)}>
                {t.preview}
              </Button>
              <Button
                type="primary"
                disabled={!result || errors > 0}
                loading={busy && !!result}
                onClick={() => void send(true)}
              >
                {t.commit}
              </Button>
            </>
          )}
          <Button onClick={onClose}>{t.close}</Button>
        </Space>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ margin: 0 }}>{t.lead}</Typography.Paragraph>
        <Flex gap={12} align="center" wrap>
          <Button onClick={() => input.current?.click()} disabled={committed}>
            {t.choose}
          </Button>
          <input
            ref={input}
            type="file"
            aria-label={t.choose}
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            style={{ display: 'none' }}
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          {file && <Typography.Text>{t.file(file.name, file.rows.length)}</Typography.Text>}
        </Flex>
        <Checkbox
          checked={mustChangePassword}
          disabled={committed}
          onChange={(e) => setMustChange(e.target.checked)}
        >
          {t.mustChange}
        </Checkbox>
        {result && !committed && (
          <Alert
            type={errors > 0 ? 'error' : 'success'}
            title={t.summary(result.rows.length - errors, errors)}
          />
        )}
        {committed && result && (
          <Alert
            type="success"
            title={t.created(result.created)}
            description={passwords.length > 0 ? t.passwordsLead : undefined}
            action={
              passwords.length > 0 && (
                <Button
                  size="small"
                  onClick={() =>
                    void exportGrid(
                      t.passwordsTitle,
                      [
                        { key: 'id', title: t.columns.id, text: (r: ResultRow) => r.id },
                        { key: 'userNm', title: t.columns.userNm, text: (r: ResultRow) => r.userNm },
                        {
                          key: 'password',
                          title: t.columns.password,
                          text: (r: ResultRow) => r.password ?? '',
                        },
                      ],
                      passwords,
                    )
                  }
                >
                  {t.exportPasswords}
                </Button>
              )
            }
          />
        )}
        {result && (
          <Table<ResultRow>
            rowKey="line"
            size="small"
            dataSource={committed ? passwords : result.rows}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            columns={[
              { key: 'line', title: t.columns.line, dataIndex: 'line', width: 60 },
              { key: 'id', title: t.columns.id, dataIndex: 'id', width: 160 },
              { key: 'userNm', title: t.columns.userNm, dataIndex: 'userNm', width: 160 },
              committed
                ? { key: 'password', title: t.columns.password, render: (_, r) => <code>{r.password}</code> }
                : {
                    key: 'result',
                    title: t.columns.result,
                    render: (_, r) =>
                      r.error ? <Typography.Text type="danger">{r.error}</Typography.Text> : t.ok,
                  },
            ]}
          />
        )}
      </Flex>
    </Modal>
  );
}
