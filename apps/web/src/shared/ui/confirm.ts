import { App } from 'antd';
import { useCallback } from 'react';
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
