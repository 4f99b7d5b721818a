import { App } from 'antd';
import { useEffect } from 'react';
import { setAlertPresenter } from './alert';

/** Mount once inside antd's <App>: alerts raised outside components then use its themed modal. */
export function NoticeBridge() {
  const { modal } = App.useApp();
  useEffect(() => {
    setAlertPresenter(modal);
    return () => setAlertPresenter(null);
  }, [modal]);
  return null;
}
