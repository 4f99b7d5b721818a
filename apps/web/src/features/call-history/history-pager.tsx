import { DoubleLeftOutlined, DoubleRightOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { ja } from '../../shared/i18n/ja';

/** Page links shown at once (spec 9 "Lists and paging": maxSize 3). */
export const PAGER_MAX_SIZE = 3;

/** What the pager shows: a fixed block of page links and, around it, jumps to the neighbouring blocks. */
export interface PagerModel {
  pages: number[];
  /** The last page of the previous block, when there is one. */
  previousBlock: number | null;
  /** The first page of the next block, when there is one. */
  nextBlock: number | null;
  totalPages: number;
}

/**
 * The pager without rotation: pages come in fixed blocks of 3 (1–3, 4–6, …) and the current page
 * stays wherever it falls in its block, as a non-rotating pagination does.
 */
export function pagerModel(current: number, totalItems: number, pageSize: number): PagerModel {
  const totalPages = Math.max(1, Math.ceil(totalItems / pageSize));
  const page = Math.min(Math.max(1, current), totalPages);
  const start = Math.floor((page - 1) / PAGER_MAX_SIZE) * PAGER_MAX_SIZE + 1;
  const end = Math.min(start + PAGER_MAX_SIZE - 1, totalPages);
  const pages = Array.from({ length: end - start + 1 }, (_, i) => start + i);
  return {
    pages,
    previousBlock: start > 1 ? start - 1 : null,
    nextBlock: end < totalPages ? end + 1 : null,
    totalPages,
  };
}

const { history: t } = ja.panel;

/** First, the block's pages (with '…' jumps to the neighbouring blocks), last. */
export function HistoryPager({
  current,
  totalItems,
  pageSize,
  onChange,
}: {
  current: number;
  totalItems: number;
  pageSize: number;
  onChange: (page: number) => void;
}) {
  const { pages, previousBlock, nextBlock, totalPages } = pagerModel(current, totalItems, pageSize);
  const jump = (page: number, label: ReactNode, name: string) => (
    <Button type="text" aria-label={name} disabled={page === current} onClick={() => onChange(page)}>
      {label}
    </Button>
  );
  return (
    <Flex component="nav" aria-label={t.pager} justify="center" gap={2}>
      {jump(1, <DoubleLeftOutlined />, t.first)}
      {previousBlock !== null && jump(previousBlock, '…', t.previousPages)}
      {pages.map((page) => (
        <Button
          key={page}
          type={page === current ? 'primary' : 'text'}
          aria-label={t.page(page)}
          aria-current={page === current ? 'page' : undefined}
          onClick={() => onChange(page)}
        >
          {page}
        </Button>
      ))}
      {nextBlock !== null && jump(nextBlock, '…', t.nextPages)}
      {jump(totalPages, <DoubleRightOutlined />, t.last)}
    </Flex>
  );
}
