import 'i18next';
import type account from '../locales/ko/account.json';
import type auth from '../locales/ko/auth.json';
import type common from '../locales/ko/common.json';
import type files from '../locales/ko/files.json';
import type superAdmin from '../locales/ko/super-admin.json';
import type welcome from '../locales/ko/welcome.json';
import type workspaces from '../locales/ko/workspaces.json';
import type admin from '../locales/ko/admin.json';
import type users from '../locales/ko/users.json';
import type auditLog from '../locales/ko/audit-log.json';
import type invitations from '../locales/ko/invitations.json';
import type roleRequests from '../locales/ko/role-requests.json';
import type organization from '../locales/ko/organization.json';
import type notices from '../locales/ko/notices.json';
import type terms from '../locales/ko/terms.json';
import type workspaceSettings from '../locales/ko/workspace-settings.json';
import type sso from '../locales/ko/sso.json';
import type contracts from '../locales/ko/contracts.json';
import type aiReview from '../locales/ko/ai-review.json';
import type aiPlatform from '../locales/ko/ai-platform.json';
import type research from '../locales/ko/research.json';
import type standardForms from '../locales/ko/standard-forms.json';
import type workflows from '../locales/ko/workflows.json';
import type workflowPresets from '../locales/ko/workflow-presets.json';
import type esign from '../locales/ko/esign.json';
import type esignSigner from '../locales/ko/esign-signer.json';
import type seals from '../locales/ko/seals.json';
import type notifications from '../locales/ko/notifications.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      welcome: typeof welcome;
      auth: typeof auth;
      account: typeof account;
      workspaces: typeof workspaces;
      superAdmin: typeof superAdmin;
      files: typeof files;
      admin: typeof admin;
      users: typeof users;
      auditLog: typeof auditLog;
      invitations: typeof invitations;
      roleRequests: typeof roleRequests;
      organization: typeof organization;
      notices: typeof notices;
      terms: typeof terms;
      workspaceSettings: typeof workspaceSettings;
      sso: typeof sso;
      contracts: typeof contracts;
      aiReview: typeof aiReview;
      aiPlatform: typeof aiPlatform;
      research: typeof research;
      standardForms: typeof standardForms;
      workflows: typeof workflows;
      workflowPresets: typeof workflowPresets;
      esign: typeof esign;
      esignSigner: typeof esignSigner;
      seals: typeof seals;
      notifications: typeof notifications;
    };
  }
}
