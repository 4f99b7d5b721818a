import { Flex, Typography } from 'antd';

/** A list screen's title with its total beside it (both list screens' toolbars start with it). */
export function ListHeading({ title, total }: { title: string; total: string }) {
  return (
    <Flex align="baseline" gap={12}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Text type="secondary">{total}</Typography.Text>
    </Flex>
  );
}
