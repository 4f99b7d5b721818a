import type { UsageData } from '@tsunagu/contract/pbx/usage';
import { App } from 'antd';
import { createElement, useCallback } from 'react';
import { ja } from '../i18n/ja';

/** A Yes/No question in a modal that ignores outside clicks; resolves true only for Yes. */
export function useConfirm(): (question: string) => Promise<boolean> {
  const { modal } = App.useApp();
  return useCallback(
    (question: string) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title: ja.pbx.list.confirmTitle,
          content: question,
          okText: ja.pbx.list.yes,
          cancelText: ja.pbx.list.no,
          mask: { closable: false },
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal],
  );
}

/** What the user chose before a delete: null = cancelled. */
export type DeleteChoice = { removeReferences: boolean } | null;

/**
 * The question before a delete. When the object is in use it says where (「使用中: IVR 5000 の 1 番」) and
 * offers 参照を削除して削除 / キャンセル; otherwise the plain Yes/No. If the usage cannot be read, the plain
 * question is asked and the server still refuses a delete in use with the same message.
 */
export function useConfirmDelete(): (usage?: () => Promise<UsageData>) => Promise<DeleteChoice> {
  const { modal } = App.useApp();
  const confirm = useConfirm();
  return useCallback(
    async (usage) => {
      const found = usage ? await usage().catch(() => null) : null;
      if (!found || found.refs.length === 0) {
        return (await confirm(ja.pbx.list.confirmDelete)) ? { removeReferences: false } : null;
      }
      return new Promise<DeleteChoice>((resolve) => {
        modal.confirm({
          title: ja.pbx.usage.inUseTitle,
          content: createElement(
            'div',
            { style: { whiteSpace: 'pre-line' } },
            `${found.message}\n${ja.pbx.usage.inUseQuestion}`,
          ),
          okText: ja.pbx.usage.removeAndDelete,
          okButtonProps: { danger: true },
          cancelText: ja.pbx.usage.cancel,
          mask: { closable: false },
          onOk: () => resolve({ removeReferences: true }),
          onCancel: () => resolve(null),
        });
      });
    },
    [modal, confirm],
  );
}
