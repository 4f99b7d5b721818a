import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A titled block of the settings tab. */
export function SettingSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Flex vertical gap={4} component="section" aria-label={title} style={{ paddingBottom: 12 }}>
      <Typography.Text strong>{title}</Typography.Text>
      {children}
    </Flex>
  );
}
