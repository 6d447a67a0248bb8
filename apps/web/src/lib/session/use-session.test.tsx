import { PERMISSION } from '@legal/api';
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearSession, selectCurrentWorkspace, selectWorkspace, setLauncher, setPermissions } from './session-store';
import { useHasAnyPermission, useHasPermission, useHasProduct, useSession } from './use-session';

describe('session hooks', () => {
  beforeEach(() => clearSession());

  it('re-render when the session changes', () => {
    const { result } = renderHook(() => ({
      canPay: useHasPermission(PERMISSION.orderPay),
      canOrder: useHasAnyPermission([PERMISSION.orderPublish, PERMISSION.orderPay]),
      hasReview: useHasProduct('AI_REVIEW'),
      workspace: useSession(selectCurrentWorkspace),
    }));
    expect(result.current).toEqual({ canPay: false, canOrder: false, hasReview: false, workspace: null });

    act(() => {
      setLauncher([
        {
          workspaceId: 7, workspaceName: 'hanbit', workspaceMemo: null, tenantId: 3, subscriptionStatus: 'ACTIVE',
          userId: 41, displayName: '김민지', jobPositionName: null, divisionName: null, jobTitleName: null,
          products: [{ type: 'AI_REVIEW' }],
        },
      ]);
      selectWorkspace(3, 7);
      setPermissions([{ name: PERMISSION.orderPay }]);
    });
    expect(result.current).toMatchObject({ canPay: true, canOrder: true, hasReview: true, workspace: { name: 'hanbit' } });

    act(() => clearSession());
    expect(result.current).toEqual({ canPay: false, canOrder: false, hasReview: false, workspace: null });
  });
});
