import { workspaceKey } from '@legal/api';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../../app/pages/NotFoundPage';
import { ErrorState } from '../../components/ErrorState';
import { ForbiddenState } from '../../components/ForbiddenState';
import { LoadingState } from '../../components/LoadingState';
import { type LauncherEntry, type Product, type SessionState, useSession } from '../../lib/session';
import { consentPath } from '../admin/terms/consent-path';
import { usePendingTerms } from '../admin/terms/term-queries';
import { findEntryByName, selectWorkspaceEntry, usePermissionsLoad } from './workspace-selection';

const selectLauncher = (s: SessionState) => s.launcher;
const selectKey = (s: SessionState) => workspaceKey(s.tenantId, s.workspaceId);

/**
 * The workspace a `/:workspaceName/...` address names: selects it (X-Tenant/X-Workspace follow),
 * waits for its permissions, then renders the page. A name the launcher does not list is a 404.
 * A member who still has to accept terms of the workspace is sent to the consent step first
 * (`/consent?next=<this page>`); if that check fails the page opens (the next page checks again).
 * With `product`, a workspace without that product (or that lost it: the API's 403
 * ERROR_PRODUCT_NOT_AVAILABLE withdraws it from the session) shows "not available in this workspace".
 */
export function WorkspaceGate({ children, product }: { children: (entry: LauncherEntry) => ReactNode; product?: Product['type'] }) {
  const { t } = useTranslation();
  const { workspaceName } = useParams();
  const entries = useSession(selectLauncher);
  const selectedKey = useSession(selectKey);
  const load = usePermissionsLoad();
  const entry = findEntryByName(entries, workspaceName);
  const entryKey = entry ? workspaceKey(entry.tenantId, entry.workspaceId) : null;
  const isSelected = entryKey !== null && selectedKey === entryKey;
  // Checked alongside the permission load, not after it.
  const pending = usePendingTerms({ isEnabled: isSelected, isGate: true });
  const location = useLocation();

  useEffect(() => {
    if (entry && !isSelected) void selectWorkspaceEntry(entry);
  }, [entry, isSelected]);

  if (!entry) return <NotFoundPage />;
  if (product && !entry.products.some((p) => p.type === product)) {
    return <ForbiddenState title={t('states.productUnavailableTitle')} description={t('states.productUnavailableDescription')} />;
  }
  if (!isSelected || (load.key === entryKey && load.status === 'loading')) return <LoadingState />;
  if (load.key === entryKey && load.status === 'error') return <ErrorState error={load.error} />;
  if (pending.isPending) return <LoadingState />;
  if (pending.data && pending.data.length > 0) return <Navigate to={consentPath(`${location.pathname}${location.search}`)} replace />;
  return <>{children(entry)}</>;
}
