import { PERMISSION } from '@legal/api';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingState } from '../components/LoadingState';
import { RequirePermission } from '../features/auth/guards/RequirePermission';
import { RequireSignedIn } from '../features/auth/guards/RequireSignedIn';
import { ShellLayout } from './layouts/ShellLayout';
import { type RouteHandle } from './navigation/route-handle';
import { NotFoundPage } from './pages/NotFoundPage';
import { RouteErrorPage } from './pages/RouteErrorPage';
import { PATHS } from './paths';

function FirstPaintLoading() {
  return <LoadingState isFullPage />;
}

/** The areas of the admin console (`/:workspaceName/admin/...`, see features/admin/admin-areas.ts). */
const adminRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('../features/admin/AdminLayout')).AdminIndexRedirect }) },
  { path: 'users', lazy: async () => ({ Component: (await import('../features/admin/users/UsersAdminPage')).UsersAdminPage }), },
  { path: 'invitations', lazy: async () => ({ Component: (await import('../features/admin/invitations/InvitationsAdminPage')).InvitationsAdminPage }), },
  { path: 'roles', lazy: async () => ({ Component: (await import('../features/admin/organization/RolesPage')).RolesPage }), },
  { path: 'role-requests', lazy: async () => ({ Component: (await import('../features/admin/role-requests/RoleRequestsAdminPage')).RoleRequestsAdminPage }), },
  { path: 'groups', lazy: async () => ({ Component: (await import('../features/admin/organization/GroupsPage')).GroupsPage }), },
  { path: 'divisions', lazy: async () => ({ Component: (await import('../features/admin/organization/DivisionsPage')).DivisionsPage }), },
  { path: 'job-titles', lazy: async () => ({ Component: (await import('../features/admin/organization/JobTitlesPage')).JobTitlesPage }), },
  { path: 'notices', lazy: async () => ({ Component: (await import('../features/admin/notices/NoticesAdminPage')).NoticesAdminPage }), },
  { path: 'terms', lazy: async () => ({ Component: (await import('../features/admin/terms/TermsAdminPage')).TermsAdminPage }), },
  { path: 'settings', lazy: async () => ({ Component: (await import('../features/admin/workspace-settings/SettingsPage')).SettingsPage }), },
  { path: 'credits', lazy: async () => ({ Component: (await import('../features/admin/credits/WorkspaceCreditsPage')).WorkspaceCreditsPage }) },
  { path: 'theme', lazy: async () => ({ Component: (await import('../features/admin/workspace-settings/ThemeEditorPage')).ThemeEditorPage }), },
  { path: 'sso', lazy: async () => ({ Component: (await import('../features/admin/sso/SsoSettingsPage')).SsoSettingsPage }), },
  { path: 'deletion', lazy: async () => ({ Component: (await import('../features/admin/workspace-settings/DeletionRequestPage')).DeletionRequestPage }), },
  { path: 'audit', lazy: async () => ({ Component: (await import('../features/admin/audit-log/AuditLogPage')).AuditLogPage }), },
  { path: 'standard-forms', lazy: async () => ({ Component: (await import('../features/standard-forms/admin/StandardFormSettingsPage')).StandardFormSettingsPage }) },
  { path: 'workflow-presets', lazy: async () => ({ Component: (await import('../features/workflows/presets/WorkspaceWorkflowPresetsPage')).WorkspaceWorkflowPresetsPage }) },
  { path: 'esign-certificate', lazy: async () => ({ Component: (await import('../features/esign/admin/SigningCertificatePage')).SigningCertificatePage }) },
];

/**
 * Feature pages load on demand so the first screen ships only the shell. Static paths rank
 * above `/:workspaceName`, so a workspace cannot shadow them.
 */
export const appRoutes: RouteObject[] = [
  {
    // The signing link mailed to an outside signer: public, outside the app shell (no session,
    // no navigation), with its own brand header and language switch.
    path: '/sign/:urlToken',
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: FirstPaintLoading,
    lazy: async () => ({ Component: (await import('../features/esign-signer/SignerPage')).SignerPage }),
  },
  {
    id: 'root',
    path: '/',
    Component: ShellLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: FirstPaintLoading,
    children: [
      {
        // Errors of a page render inside the shell, with the navigation still usable.
        ErrorBoundary: RouteErrorPage,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('../features/welcome/WelcomePage')).WelcomePage }),
          },
          {
            path: 'sign-in',
            lazy: async () => ({ Component: (await import('../features/auth/SignInPage')).SignInPage }),
          },
          {
            path: 'reset-password',
            lazy: async () => ({ Component: (await import('../features/auth/ResetPasswordPage')).ResetPasswordPage }),
          },
          {
            // The accept link of an invitation mail: public, the invited person may have no account yet.
            path: 'invitations/accept',
            lazy: async () => ({ Component: (await import('../features/admin/invitations/AcceptInvitationPage')).AcceptInvitationPage }),
          },
          {
            path: 'super-admin/sign-in',
            lazy: async () => ({ Component: (await import('../features/auth/SignInPage')).SuperAdminSignInPage }),
          },
          {
            element: <RequireSignedIn />,
            children: [
              {
                path: 'workspaces',
                lazy: async () => ({ Component: (await import('../features/workspaces/LauncherPage')).LauncherPage }),
              },
              {
                path: 'profile',
                lazy: async () => ({ Component: (await import('../features/account/ProfilePage')).ProfilePage }),
              },
              {
                // Terms that need the user's consent since their last sign-in.
                path: 'consent',
                lazy: async () => ({ Component: (await import('../features/admin/terms/ConsentPage')).ConsentPage }),
              },
              {
                // One gate for every page of a workspace: selection, permissions, pending consent.
                path: ':workspaceName',
                handle: { navVariant: 'general' } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('../features/workspaces/WorkspaceLayout')).WorkspaceLayout }),
                children: [
                  {
                    index: true,
                    lazy: async () => ({ Component: (await import('../features/workspaces/WorkspaceHomePage')).WorkspaceHomePage }),
                  },
                  {
                    path: 'files',
                    lazy: async () => ({ Component: (await import('../features/files/FilesPage')).FilesPage }),
                  },
                  {
                    path: 'contracts',
                    handle: { navVariant: 'contractManagement' } satisfies RouteHandle,
                    children: [
                      {
                        index: true,
                        lazy: async () => ({ Component: (await import('../features/contracts/ContractsPage')).ContractsPage }),
                      },
                      {
                        path: 'new',
                        lazy: async () => ({ Component: (await import('../features/contracts/ContractCreatePage')).ContractCreatePage }),
                      },
                      {
                        path: 'bulk',
                        lazy: async () => ({ Component: (await import('../features/contracts/ContractBulkPage')).ContractBulkPage }),
                      },
                      {
                        path: ':contractId',
                        lazy: async () => ({ Component: (await import('../features/contracts/ContractDetailPage')).ContractDetailPage }),
                      },
                    ],
                  },
                  {
                    path: 'standard-forms',
                    handle: { navVariant: 'contractManagement' } satisfies RouteHandle,
                    children: [
                      {
                        index: true,
                        lazy: async () => ({ Component: (await import('../features/standard-forms/StandardFormsPage')).StandardFormsPage }),
                      },
                      {
                        path: 'new/maker',
                        lazy: async () => ({ Component: (await import('../features/standard-forms/FormMakerPage')).FormMakerPage }),
                      },
                      {
                        path: ':standardFormId',
                        lazy: async () => ({ Component: (await import('../features/standard-forms/StandardFormPage')).StandardFormPage }),
                      },
                      {
                        path: ':standardFormId/draft',
                        lazy: async () => ({ Component: (await import('../features/standard-forms/DraftWizardPage')).DraftWizardPage }),
                      },
                    ],
                  },
                  {
                    path: 'workflows',
                    handle: { navVariant: 'contractManagement' } satisfies RouteHandle,
                    children: [
                      { path: 'todo', lazy: async () => ({ Component: (await import('../features/workflows/TodoPage')).TodoPage }) },
                      { path: 'assignments', lazy: async () => ({ Component: (await import('../features/workflows/AssignmentsPage')).AssignmentsPage }) },
                      { path: 'approvals', lazy: async () => ({ Component: (await import('../features/workflows/ApprovalsPage')).ApprovalsPage }) },
                      { path: 'my-requests', lazy: async () => ({ Component: (await import('../features/workflows/MyRequestsPage')).MyRequestsPage }) },
                      { path: 'search', lazy: async () => ({ Component: (await import('../features/workflows/ContractSearchPage')).ContractSearchPage }) },
                      { path: 'dashboard', lazy: async () => ({ Component: (await import('../features/workflows/WorkflowDashboardPage')).WorkflowDashboardPage }) },
                    ],
                  },
                  {
                    path: 'esign',
                    handle: { navVariant: 'eContract' } satisfies RouteHandle,
                    children: [
                      { index: true, lazy: async () => ({ Component: (await import('../features/esign/EnvelopesPage')).EnvelopesPage }) },
                      { path: 'envelopes/:envelopeId', lazy: async () => ({ Component: (await import('../features/esign/EnvelopePage')).EnvelopePage }) },
                    ],
                  },
                  {
                    path: 'seals',
                    handle: { navVariant: 'eContract' } satisfies RouteHandle,
                    children: [
                      { index: true, lazy: async () => ({ Component: (await import('../features/seals/SealsPage')).SealsPage }) },
                      { path: 'requests', lazy: async () => ({ Component: (await import('../features/seals/UsageRequestsPage')).UsageRequestsPage }) },
                      { path: 'usage-requests/:requestId', lazy: async () => ({ Component: (await import('../features/seals/UsageRequestsPage')).UsageRequestLinkPage }) },
                      { path: 'ledger', lazy: async () => ({ Component: (await import('../features/seals/LedgerPage')).LedgerPage }) },
                      { path: 'reconciliation', lazy: async () => ({ Component: (await import('../features/seals/ReconciliationPage')).ReconciliationPage }) },
                    ],
                  },
                  {
                    path: 'ai-review',
                    handle: { navVariant: 'aiReview' } satisfies RouteHandle,
                    children: [
                      {
                        index: true,
                        lazy: async () => ({ Component: (await import('../features/ai-review/AiReviewStartPage')).AiReviewStartPage }),
                      },
                      {
                        path: 'reviews',
                        lazy: async () => ({ Component: (await import('../features/ai-review/AiReviewsPage')).AiReviewsPage }),
                      },
                      {
                        path: ':reviewId',
                        lazy: async () => ({ Component: (await import('../features/ai-review/AiReviewPage')).AiReviewPage }),
                      },
                    ],
                  },
                  {
                    // The research chat at the theme's chat directory (business-agent by default): a
                    // dynamic segment, so it ranks below every static page; other names answer 404.
                    path: ':chatDirectory',
                    children: [
                      {
                        index: true,
                        lazy: async () => ({ Component: (await import('../features/research/ResearchChatPage')).ResearchChatPage }),
                      },
                      {
                        path: 'statutes',
                        lazy: async () => ({ Component: (await import('../features/research/StatuteBrowserPage')).StatuteBrowserPage }),
                      },
                      {
                        path: 'collections',
                        lazy: async () => ({ Component: (await import('../features/research/CollectionsPage')).CollectionsPage }),
                      },
                      {
                        path: 'advisory',
                        lazy: async () => ({ Component: (await import('../features/research/advisory/AdvisoryPage')).AdvisoryPage }),
                      },
                      {
                        path: 'advisory/:inquiryId',
                        lazy: async () => ({ Component: (await import('../features/research/advisory/InquiryPage')).InquiryPage }),
                      },
                      {
                        path: 'statute-alerts',
                        lazy: async () => ({ Component: (await import('../features/research/StatuteAlertsPage')).StatuteAlertsPage }),
                      },
                    ],
                  },
                  {
                    path: 'notices',
                    lazy: async () => ({ Component: (await import('../features/admin/notices/NoticesPage')).NoticesPage }),
                  },
                  {
                    path: 'notifications',
                    lazy: async () => ({ Component: (await import('../features/notifications/NotificationsPage')).NotificationsPage }),
                  },
                  {
                    path: 'role-requests',
                    lazy: async () => ({ Component: (await import('../features/admin/role-requests/MyRoleRequestsPage')).MyRoleRequestsPage }),
                  },
                  {
                    path: 'admin',
                    handle: { navVariant: 'admin' } satisfies RouteHandle,
                    lazy: async () => ({ Component: (await import('../features/admin/AdminLayout')).AdminLayout }),
                    children: adminRoutes,
                  },
                ],
              },
            ],
          },
          {
            path: 'super-admin',
            handle: { navVariant: 'superAdmin' } satisfies RouteHandle,
            element: (
              <RequireSignedIn signInPath={PATHS.superAdminSignIn}>
                <RequirePermission name={PERMISSION.superAdminWorkspaceRead} />
              </RequireSignedIn>
            ),
            children: [
              {
                index: true,
                lazy: async () => ({ Component: (await import('../features/super-admin/ClientErrorsPage')).ClientErrorsPage }),
              },
              {
                path: 'deletion-requests',
                lazy: async () => ({ Component: (await import('../features/admin/workspace-settings/DeletionRequestsSuperAdminPage')).DeletionRequestsSuperAdminPage }),
              },
              { path: 'ai-settings', lazy: async () => ({ Component: (await import('../features/ai-platform/AiSettingsPage')).AiSettingsPage }) },
              { path: 'credits', lazy: async () => ({ Component: (await import('../features/ai-platform/CreditsSuperAdminPage')).CreditsSuperAdminPage }) },
              { path: 'prompts', lazy: async () => ({ Component: (await import('../features/ai-platform/PromptsPage')).PromptsPage }) },
              { path: 'research-chats', lazy: async () => ({ Component: (await import('../features/research/super-admin/ResearchChatsSuperAdminPage')).ResearchChatsSuperAdminPage }) },
              { path: 'research-settings', lazy: async () => ({ Component: (await import('../features/research/super-admin/ResearchSettingsSuperAdminPage')).ResearchSettingsSuperAdminPage }) },
              { path: 'llm-dashboard', lazy: async () => ({ Component: (await import('../features/ai-platform/LlmDashboardPage')).LlmDashboardPage }) },
              { path: 'standard-forms', lazy: async () => ({ Component: (await import('../features/standard-forms/super-admin/GlobalFormsPage')).GlobalFormsPage }) },
              { path: 'workflow-presets', lazy: async () => ({ Component: (await import('../features/workflows/presets/WorkflowPresetsSuperAdminPage')).WorkflowPresetsSuperAdminPage }) },
            ],
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
