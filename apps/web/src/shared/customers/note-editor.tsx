import { noteSaveSchema, type Note } from '@tsunagu/contract/crm/notes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Input, Select } from 'antd';
import { useId, useState } from 'react';
import { showAlert } from '../ui/alert';
import { useNotices } from '../ui/notices';
import { customerKeys, layoutQuery, saveNote } from './customer-queries';

/** The note editor's words (shared: the record, the incoming-call modal and the softphone tab use it). */
export const noteEditorJa = {
  title: '応対メモ',
  category: '分類',
  result: '結果',
  body: '応対メモの内容',
  bodyPlaceholder: '通話の内容を入力',
  save: 'メモを保存',
  saved: '応対メモを保存しました。',
  none: '（なし）',
} as const;
const t = noteEditorJa;

export interface NoteEditorProps {
  domainUuid: string;
  /** The number the note is about. */
  number: string;
  customerUuid?: string | null;
  /** The call the note is about (in progress or chosen from the timeline). */
  callUuid?: string | null;
  onSaved?: (note: Note) => void;
}

/**
 * 応対メモ: category and result from the tenant's picklists (the layout), free text. Checked with the
 * contract's schema before sending; the record's timeline is refreshed after a save.
 */
export function NoteEditor({
  domainUuid,
  number,
  customerUuid = null,
  callUuid = null,
  onSaved,
}: NoteEditorProps) {
  const id = useId();
  const layout = useQuery(layoutQuery(domainUuid)).data?.layout;
  const [category, setCategory] = useState('');
  const [result, setResult] = useState('');
  const [body, setBody] = useState('');
  const { message } = App.useApp();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: saveNote,
    onSuccess: (note) => {
      void message.success(t.saved);
      setCategory('');
      setResult('');
      setBody('');
      void queryClient.invalidateQueries({ queryKey: customerKeys.all(domainUuid) });
      onSaved?.(note);
    },
    onError: (error) => notices.failed(error),
  });
  const options = (items: readonly string[] | undefined) => [
    { value: '', label: t.none },
    ...(items ?? []).map((item) => ({ value: item, label: item })),
  ];
  const submit = () => {
    const payload = { domainUuid, number, customerUuid, callUuid, category, result, body };
    const parsed = noteSaveSchema.safeParse(payload);
    if (!parsed.success) return showAlert(parsed.error.issues[0]?.message ?? '');
    save.mutate(payload);
  };
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap>
        <Select
          aria-label={t.category}
          prefix={`${t.category}:`}
          value={category}
          onChange={setCategory}
          options={options(layout?.noteCategories)}
          style={{ minWidth: 180 }}
        />
        <Select
          aria-label={t.result}
          prefix={`${t.result}:`}
          value={result}
          onChange={setResult}
          options={options(layout?.noteResults)}
          style={{ minWidth: 180 }}
        />
      </Flex>
      <Input.TextArea
        id={`${id}-body`}
        aria-label={t.body}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        placeholder={t.bodyPlaceholder}
        autoSize={{ minRows: 3, maxRows: 10 }}
        maxLength={4000}
      />
      <Button type="primary" loading={save.isPending} onClick={submit} style={{ alignSelf: 'flex-end' }}>
        {t.save}
      </Button>
    </Flex>
  );
}
