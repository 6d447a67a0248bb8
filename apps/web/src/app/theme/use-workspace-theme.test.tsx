import { DEFAULT_THEME, type Theme } from '@legal/api';
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, themeMarkerStore } from '../../lib/session';
import { createThemeLoader, type WorkspaceIds } from './theme-loader';
import { useWorkspaceTheme } from './use-workspace-theme';
import { createWorkspaceThemeController } from './workspace-theme-controller';

const themeOf = ({ tenantId, workspaceId }: WorkspaceIds): Theme => ({ ...DEFAULT_THEME, name: `ws-${tenantId}-${workspaceId}` });

function setup(loader = vi.fn(async (ids: WorkspaceIds) => themeOf(ids))) {
  const controller = createWorkspaceThemeController(loader);
  const hook = renderHook(({ tenantId, workspaceId }) => useWorkspaceTheme(tenantId, workspaceId, controller), {
    initialProps: { tenantId: 1, workspaceId: 10 },
  });
  return { loader, controller, hook };
}

describe('useWorkspaceTheme', () => {
  beforeEach(() => themeMarkerStore.clear());

  it('loads the theme once per workspace id', async () => {
    const { loader, hook } = setup();
    expect(hook.result.current.status).toBe('loading');
    await waitFor(() => expect(hook.result.current.status).toBe('ready'));
    expect(hook.result.current.theme.name).toBe('ws-1-10');

    hook.rerender({ tenantId: 1, workspaceId: 10 });
    hook.rerender({ tenantId: 1, workspaceId: 10 });
    expect(loader).toHaveBeenCalledTimes(1);

    hook.rerender({ tenantId: 1, workspaceId: 11 });
    // The previous brand stays until the new one arrives.
    expect(hook.result.current).toMatchObject({ status: 'loading', theme: { name: 'ws-1-10' } });
    await waitFor(() => expect(hook.result.current.theme.name).toBe('ws-1-11'));
    expect(loader).toHaveBeenCalledTimes(2);
    expect(loader).toHaveBeenLastCalledWith({ tenantId: 1, workspaceId: 11 });
  });

  it('keeps the marker: a remount for the same workspace does not fetch again, sign-out does', async () => {
    const { loader, hook, controller } = setup();
    await waitFor(() => expect(hook.result.current.status).toBe('ready'));
    hook.unmount();
    const again = renderHook(() => useWorkspaceTheme(1, 10, controller));
    expect(again.result.current).toMatchObject({ status: 'ready', theme: { name: 'ws-1-10' } });
    expect(loader).toHaveBeenCalledTimes(1);
    again.unmount();

    act(() => clearSession());
    const afterSignOut = renderHook(() => useWorkspaceTheme(1, 10, controller));
    await waitFor(() => expect(afterSignOut.result.current.status).toBe('ready'));
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('shares one load between simultaneous users and drops a load overtaken by a newer workspace', async () => {
    let release: (() => void) | undefined;
    const loader = vi.fn(
      (ids: WorkspaceIds) =>
        new Promise<Theme>((resolve) => {
          if (ids.workspaceId === 10) release = () => resolve(themeOf(ids));
          else resolve(themeOf(ids));
        }),
    );
    const controller = createWorkspaceThemeController(loader);
    const first = controller.ensure({ tenantId: 1, workspaceId: 10 });
    expect(controller.ensure({ tenantId: 1, workspaceId: 10 })).toBe(first);
    await controller.ensure({ tenantId: 1, workspaceId: 11 });
    await vi.waitFor(() => expect(release).toBeDefined());
    release?.();
    await first;
    expect(themeMarkerStore.getState()).toMatchObject({ key: '1-11', theme: { name: 'ws-1-11' } });
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('falls back to the product theme and reports the error when loading fails', async () => {
    const { hook } = setup(vi.fn(async () => Promise.reject(new Error('theme service down'))));
    await waitFor(() => expect(hook.result.current.status).toBe('error'));
    expect(hook.result.current.theme).toEqual(DEFAULT_THEME);
    expect(hook.result.current.error).toEqual(new Error('theme service down'));
  });
});

describe('createThemeLoader', () => {
  it('gives the product theme without a workspace or a theme source', async () => {
    const fetchThemeJson = vi.fn(async () => JSON.stringify({ name: 'acme', font: 'Pretendard' }));
    await expect(createThemeLoader(fetchThemeJson)({ tenantId: 0, workspaceId: 0 })).resolves.toBe(DEFAULT_THEME);
    expect(fetchThemeJson).not.toHaveBeenCalled();
    await expect(createThemeLoader()({ tenantId: 1, workspaceId: 2 })).resolves.toBe(DEFAULT_THEME);
  });

  it("parses the workspace's theme JSON, falling back to the default when unreadable", async () => {
    const loader = createThemeLoader(async () => JSON.stringify({ name: 'acme', font: 'Pretendard' }));
    await expect(loader({ tenantId: 1, workspaceId: 2 })).resolves.toMatchObject({
      name: 'acme',
      font: 'Pretendard',
      flags: { sendAnalytics: true },
    });
    await expect(createThemeLoader(async () => '{broken')({ tenantId: 1, workspaceId: 2 })).resolves.toBe(DEFAULT_THEME);
  });
});
