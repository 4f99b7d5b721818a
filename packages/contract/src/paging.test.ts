import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditActionLabel, auditQuerySchema, AUDIT_ACTIONS } from './audit';
import { cdrQuerySchema } from './cdr';
import { MAX_PAGE_NUMBER, MAX_PAGE_SIZE, pageQuerySchema, PAGE_SIZES, sortParam } from './paging';

const query = pageQuerySchema(['name', 'createdAt'], 'createdAt,desc', { name: z.string().optional() });

describe('pageQuerySchema', () => {
  it('accepts the last page of a history of ten million calls ten a page (a million pages), in every list', () => {
    expect(query.parse({ page: '1000000' }).page).toBe(1_000_000);
    expect(cdrQuerySchema.parse({ page: '1000000' }).page).toBe(1_000_000);
  });

  it('defaults to the first page, the first page size and the list’s sort', () => {
    expect(query.parse({})).toEqual({
      page: 0,
      size: PAGE_SIZES[0],
      sort: { field: 'createdAt', direction: 'desc' },
    });
  });

  it('reads the query string’s text and keeps the list’s filters', () => {
    expect(query.parse({ page: '3', size: '50', sort: 'name,ASC', name: '田中' })).toEqual({
      page: 3,
      size: 50,
      sort: { field: 'name', direction: 'asc' },
      name: '田中',
    });
  });

  it('refuses a sort field the list does not allow, a bad direction, and pages out of bounds', () => {
    for (const bad of [
      { sort: 'password,asc' },
      { sort: 'name,sideways' },
      { sort: 'name,asc,extra' },
      { sort: 'name;drop table' },
      { size: String(MAX_PAGE_SIZE + 1) },
      { size: '0' },
      { page: '-1' },
      { page: '1.5' },
      { page: String(MAX_PAGE_NUMBER + 1) },
    ]) {
      expect(query.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(query.safeParse({ sort: 'password,asc' }).error?.issues[0]?.message).toBe(
      '並べ替えの指定が正しくありません。',
    );
  });

  it('writes a sort back as the query carries it', () => {
    expect(sortParam({ field: 'name', direction: 'desc' })).toBe('name,desc');
  });
});

describe('the audit query', () => {
  it('filters by user, action and period, and a provider may ask for every tenant', () => {
    const parsed = auditQuerySchema.parse({
      username: ' cp ',
      action: 'login.failure',
      from: '2026-11-01T00:00:00+09:00',
      to: '2026-11-02T00:00:00+09:00',
      allTenants: 'true',
    });
    expect(parsed).toMatchObject({ username: 'cp', action: 'login.failure', allTenants: true });
    expect(auditQuerySchema.parse({}).allTenants).toBe(false);
    expect(auditQuerySchema.safeParse({ action: 'drop' }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ from: 'yesterday' }).success).toBe(false);
  });

  it('names every action the filter offers in Japanese', () => {
    for (const action of AUDIT_ACTIONS) expect(auditActionLabel(action), action).not.toMatch(/[a-z]/);
    expect(auditActionLabel('verto.login.failure')).toBe('ソフトフォンのサインインの失敗');
    expect(auditActionLabel('something.else')).toBe('something.else');
  });
});
