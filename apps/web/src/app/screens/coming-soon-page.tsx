import { Result } from 'antd';
import { ja } from '../../shared/i18n/ja';
import { useRouteTitle } from '../route-title';

/** A screen whose content is not built yet says so plainly, under the route's title. */
export function ComingSoonPage() {
  const title = useRouteTitle();
  return <Result status="info" title={title} subTitle={ja.screens.comingSoon} />;
}
