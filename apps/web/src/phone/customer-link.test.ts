import { renderHook } from '@testing-library/react';
import type * as ReactRouter from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useOpenCustomer } from './customer-link';

const navigate = vi.hoisted(() => vi.fn());
vi.mock('react-router', async (importOriginal) => ({
  ...(await importOriginal<typeof ReactRouter>()),
  useNavigate: () => navigate,
}));

describe('useOpenCustomer', () => {
  it('opens an outside number’s record rendered at once (flushSync), and nothing for an extension', () => {
    const { result } = renderHook(() => useOpenCustomer());
    result.current('0312345678');
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/cust/management/0312345678', { flushSync: true });
    navigate.mockClear();
    result.current('1001');
    expect(navigate).not.toHaveBeenCalled();
  });
});
