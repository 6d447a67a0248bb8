import { DEFAULT_THEME, workspaceKey } from '@legal/api';
import { type ReactNode, useSyncExternalStore } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../../app/pages/NotFoundPage';
import { useAppTheme } from '../../app/theme/theme-context';
import { ForbiddenState } from '../../components/ForbiddenState';
import { LoadingState } from '../../components/LoadingState';
import { type LauncherEntry, themeMarkerStore, useHasAnyPermission } from '../../lib/session';
import { WorkspaceGate } from '../workspaces/WorkspaceGate';
import { chatDirectoryOf } from './research-path';
import { RESEARCH_PERMISSIONS } from './research-permissions';

const markerKey = () => themeMarkerStore.getState().key;

/**
 * The research pages of a workspace with AI_STUDIO, under the directory its theme names. Until
 * that workspace's theme is in (the marker names it; a failed load marks the default theme), the
 * directory is not known and nothing is decided. The product's default name (`business-agent`,
 * where links that cannot know the theme lead) is sent on to a renamed one; any other is a 404.
 */
export function ChatDirectoryGate({ children }: { children: (entry: LauncherEntry, directory: string) => ReactNode }) {
  return <WorkspaceGate product="AI_STUDIO">{(entry) => <DirectoryCheck entry={entry}>{children}</DirectoryCheck>}</WorkspaceGate>;
}

/** A research page that needs the research permission: a member without it is told so once, instead of a page whose every call fails. */
export function ResearchGate({ children }: { children: (entry: LauncherEntry, directory: string) => ReactNode }) {
  if (!useHasAnyPermission(RESEARCH_PERMISSIONS)) return <ForbiddenState />;
  return <ChatDirectoryGate>{children}</ChatDirectoryGate>;
}

function DirectoryCheck({ entry, children }: { entry: LauncherEntry; children: (entry: LauncherEntry, directory: string) => ReactNode }) {
  const theme = useAppTheme();
  const loadedFor = useSyncExternalStore(themeMarkerStore.subscribe, markerKey, markerKey);
  const { chatDirectory } = useParams();
  const location = useLocation();
  if (loadedFor !== workspaceKey(entry.tenantId, entry.workspaceId)) return <LoadingState />;
  const directory = chatDirectoryOf(theme);
  if (chatDirectory === directory) return <>{children(entry, directory)}</>;
  if (chatDirectory !== DEFAULT_THEME.chatDirectory) return <NotFoundPage />;
  const workspace = `/${encodeURIComponent(entry.workspaceName)}`;
  const prefix = `${workspace}/${DEFAULT_THEME.chatDirectory}`;
  const rest = location.pathname.startsWith(prefix) ? location.pathname.slice(prefix.length) : '';
  return <Navigate to={`${workspace}/${encodeURIComponent(directory)}${rest}${location.search}`} replace />;
}
