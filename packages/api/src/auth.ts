import { z } from 'zod';
import { pageOf, pageQuery } from './envelope';
import { defineRoute, type RouteDescriptor } from './http';
import type { RoleCode } from './auth-roles';
import { ChangePasswordBodySchema, DevLoginBodySchema, LoginBodySchema, OtpVerifyBodySchema, ProductTypeSchema } from './auth-schemas';

// ---------------------------------------------------------------------------------------------
// Demo accounts (seeded outside production when SEED_DEMO is on). One list, shown by the README,
// the sign-in page (through GET /api/auth/demo-accounts/v1) and used by the seed.
// ---------------------------------------------------------------------------------------------

export const DEMO_PASSWORD = 'Demo-pass-2026!';

export const DemoAccountSchema = z.object({
  loginId: z.string(),
  role: z.string().describe('Role code, or SUPER_ADMIN'),
  displayName: z.string(),
  workspace: z.string().nullable().describe('Workspace name (URL segment); null for the super admin'),
  password: z.string(),
  twoFactor: z.boolean(),
});
export type DemoAccount = z.infer<typeof DemoAccountSchema>;

const demo = (loginId: string, role: RoleCode | 'SUPER_ADMIN', displayName: string, workspace: string | null, twoFactor = false): DemoAccount => ({
  loginId, role, displayName, workspace, password: DEMO_PASSWORD, twoFactor,
});

export const DEMO_ACCOUNTS: DemoAccount[] = [
  demo('member@hanbit.example', 'GENERAL_MEMBER', '김민준', 'hanbit'),
  demo('reviewer@hanbit.example', 'LEGAL_REVIEWER', '이서연', 'hanbit'),
  demo('assigner@hanbit.example', 'LEGAL_ASSIGNER', '박지훈', 'hanbit'),
  demo('approver@hanbit.example', 'LEGAL_APPROVER', '최수아', 'hanbit'),
  demo('lawyer@hanbit.example', 'EXTERNAL_LAWYER', '정도윤', 'hanbit'),
  demo('reader@hanbit.example', 'READER', '강하은', 'hanbit'),
  demo('manager@hanbit.example', 'LEGAL_MANAGER', '한지민', 'hanbit'),
  demo('admin@hanbit.example', 'WORKSPACE_ADMIN', '윤재원', 'hanbit'),
  demo('otp@hanbit.example', 'GENERAL_MEMBER', '오세훈', 'hanbit', true),
  demo('admin@saesol.example', 'SUPER_MANAGER', '송예린', 'saesol'),
  demo('member@saesol.example', 'GENERAL_MEMBER', '임태현', 'saesol'),
  demo('superadmin@legal.example', 'SUPER_ADMIN', '서관리', null, true),
];

// ---------------------------------------------------------------------------------------------
// Sign-in (API-CONVENTIONS "Sign-in answers")
// ---------------------------------------------------------------------------------------------

export const ALERT_LEVELS = ['NONE', 'WARN', 'EXPIRED'] as const;
export const AlertLevelSchema = z.enum(ALERT_LEVELS);
export type AlertLevel = z.infer<typeof AlertLevelSchema>;

export const TwoFactorAuthSchema = z.object({ method: z.literal('OTP_MAIL'), token: z.string() });

export const LoginDataSchema = z.object({
  alertLevel: AlertLevelSchema,
  passwordAlertLevel: AlertLevelSchema,
  twoFactorAuth: TwoFactorAuthSchema.nullable().describe('Present when a one-time code is required: no session exists yet'),
});
export type LoginData = z.infer<typeof LoginDataSchema>;

const tags = ['auth'];
const loginSummary = (what: string) => `${what}: {alertLevel, passwordAlertLevel, twoFactorAuth}; sets the session cookies unless a one-time code is required`;
const otpNote = 'Header X-Two-Factor-Token carries the token of the login answer.';

export const login = defineRoute({ method: 'POST', path: '/api/auth/login/v1', access: 'public', summary: loginSummary('Sign in with ID and password'), tags, schemas: { body: LoginBodySchema, data: LoginDataSchema } });
export const loginV3 = defineRoute({ method: 'POST', path: '/api/auth/login/v3', access: 'public', summary: loginSummary('Sign in (two-factor aware)'), tags, schemas: { body: LoginBodySchema, data: LoginDataSchema } });
export const verifyLoginOtp = defineRoute({ method: 'POST', path: '/api/auth/login/v3/otp/verify', access: 'public', summary: `Completes a sign-in with the mailed one-time code. ${otpNote}`, tags, schemas: { body: OtpVerifyBodySchema, data: LoginDataSchema } });
export const resendLoginOtp = defineRoute({ method: 'POST', path: '/api/auth/login/v3/otp/resend', access: 'public', summary: `Mails a new one-time code (at most one per 30 s, five per sign-in). ${otpNote}`, tags, schemas: { data: LoginDataSchema } });
export const superAdminLogin = defineRoute({ method: 'POST', path: '/api/auth/login/super-admin/v1', access: 'public', summary: loginSummary('Super-admin sign-in (always with a one-time code)'), tags, schemas: { body: LoginBodySchema, data: LoginDataSchema } });
export const superAdminLoginV3 = defineRoute({ method: 'POST', path: '/api/auth/login/super-admin/v3', access: 'public', summary: loginSummary('Super-admin sign-in (always with a one-time code)'), tags, schemas: { body: LoginBodySchema, data: LoginDataSchema } });
export const verifySuperAdminOtp = defineRoute({ method: 'POST', path: '/api/auth/login/super-admin/v3/otp/verify', access: 'public', summary: `Completes a super-admin sign-in; the session is a super-admin session. ${otpNote}`, tags, schemas: { body: OtpVerifyBodySchema, data: LoginDataSchema } });
export const resendSuperAdminOtp = defineRoute({ method: 'POST', path: '/api/auth/login/super-admin/v3/otp/resend', access: 'public', summary: `Mails a new super-admin one-time code. ${otpNote}`, tags, schemas: { data: LoginDataSchema } });
export const devLogin = defineRoute({ method: 'POST', path: '/api/auth/login/dev/v1', access: 'devOnly', summary: 'Signs in without a password (development and E2E only; absent in production)', tags, schemas: { body: DevLoginBodySchema, data: LoginDataSchema } });

export const DemoAccountsDataSchema = z.array(DemoAccountSchema);
export const listDemoAccounts = defineRoute({ method: 'GET', path: '/api/auth/demo-accounts/v1', access: 'public', summary: 'The demo accounts (only while demo data is seeded; 404 otherwise)', tags, schemas: { data: DemoAccountsDataSchema } });

// ---------------------------------------------------------------------------------------------
// Sessions
// ---------------------------------------------------------------------------------------------

export const RefreshDataSchema = z.object({
  accessTokenExpiresAt: z.string().describe('ISO instant'),
  refreshAfterSeconds: z.number().int().nonnegative(),
});
export const refresh = defineRoute({ method: 'POST', path: '/api/auth/refresh/v1', access: 'public', summary: 'Rotates the session tokens (refresh cookie); a reused refresh token ends the whole session', tags, schemas: { data: RefreshDataSchema } });
export const refreshV2 = defineRoute({ method: 'POST', path: '/api/auth/refresh/v2', access: 'public', summary: 'Same as v1', tags, schemas: { data: RefreshDataSchema } });
export const refreshAfter = defineRoute({ method: 'GET', path: '/api/auth/refresh-after/v1', access: 'signedIn', summary: 'Seconds until the client should refresh the session', tags, schemas: { data: z.object({ refreshAfterSeconds: z.number().int().nonnegative() }) } });
export const checkLoggedIn = defineRoute({ method: 'GET', path: '/api/auth/check-logged-in/v1', access: 'public', summary: 'Whether the request carries a live session', tags, schemas: { data: z.object({ loggedIn: z.boolean() }) } });

export const PrincipalSummarySchema = z.object({
  userId: z.number().int(),
  sessionId: z.string(),
  isSuperAdmin: z.boolean(),
  accessTokenExpiresAt: z.string(),
});
export const verifyToken = defineRoute({ method: 'GET', path: '/api/auth/token/verify/v1', access: 'signedIn', summary: 'The caller as the server sees it', tags, schemas: { data: PrincipalSummarySchema } });
export const logout = defineRoute({ method: 'POST', path: '/api/auth/logout/v1', access: 'public', summary: 'Ends the session server-side and clears the cookies (always SUCCESS)', tags, schemas: {} });

export const SessionInfoSchema = z.object({
  id: z.string(),
  isCurrent: z.boolean(),
  isSuperAdmin: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;
export const listSessions = defineRoute({ method: 'GET', path: '/api/auth/sessions/v1', access: 'signedIn', summary: "The caller's live sessions", tags, schemas: { data: z.array(SessionInfoSchema) } });
export const endSession = defineRoute({
  method: 'DELETE', path: '/api/auth/sessions/:sessionId/v1', access: 'signedIn', summary: "Ends one of the caller's sessions", tags,
  schemas: { params: z.object({ sessionId: z.uuid() }), data: z.object({ revokedCount: z.number().int() }) },
});
export const endOtherSessions = defineRoute({ method: 'DELETE', path: '/api/auth/sessions/others/v1', access: 'signedIn', summary: "Ends every session of the caller but the current one", tags, schemas: { data: z.object({ revokedCount: z.number().int() }) } });

// ---------------------------------------------------------------------------------------------
// Account, permissions, launcher, theme
// ---------------------------------------------------------------------------------------------

export const changePassword = defineRoute({
  method: 'PUT', path: '/api/auth/credentials/password/v1', access: 'signedIn', summary: 'Changes the password; ends the other sessions of the user', tags,
  schemas: { body: ChangePasswordBodySchema, data: z.object({ passwordExpiresAt: z.string().nullable(), revokedSessions: z.number().int() }) },
});
export const postponePasswordExpiry = defineRoute({ method: 'PUT', path: '/api/auth/password-expiry/postpone/v1', access: 'signedIn', summary: 'Pushes the password expiry 90 days', tags, schemas: { data: z.object({ passwordExpiresAt: z.string() }) } });
export const acknowledgeAlert = defineRoute({ method: 'PUT', path: '/api/auth/alert/acknowledge/v1', access: 'signedIn', summary: 'Sets the alert level to NONE', tags, schemas: { data: z.object({ alertLevel: AlertLevelSchema }) } });

export const PermissionListV1Schema = z.array(z.string());
export const PermissionListSchema = z.array(z.object({ name: z.string() }));
const permissionsSummary = 'Permission names of the caller in the X-Tenant/X-Workspace workspace (membership verified); a super-admin session adds super_admin.workspace.read';
export const permissionsV1 = defineRoute({ method: 'GET', path: '/api/auth/permissions/v1', access: 'signedIn', summary: `${permissionsSummary} (names)`, tags, schemas: { data: PermissionListV1Schema } });
export const permissionsV2 = defineRoute({ method: 'GET', path: '/api/auth/permissions/v2', access: 'signedIn', summary: `${permissionsSummary} ({name} objects)`, tags, schemas: { data: PermissionListSchema } });
export const permissionsV3 = defineRoute({ method: 'GET', path: '/api/auth/permissions/v3', access: 'signedIn', summary: `${permissionsSummary} ({name} objects)`, tags, schemas: { data: PermissionListSchema } });

export const ProfileSchema = z.object({
  id: z.number().int(),
  loginId: z.string(),
  locale: z.enum(['ko', 'en']),
  name: z.string(),
  alertLevel: AlertLevelSchema,
  passwordAlertLevel: AlertLevelSchema,
  passwordExpiresAt: z.string().nullable(),
  isSuperAdmin: z.boolean().describe('Whether this session is a super-admin session'),
  impersonatedBy: z.object({ userId: z.number().int(), name: z.string() }).nullable().describe('Who signed in as this user (impersonated session)'),
});
export type Profile = z.infer<typeof ProfileSchema>;
export const profile = defineRoute({ method: 'GET', path: '/api/auth/profile/v1', access: 'signedIn', summary: 'The signed-in user', tags, schemas: { data: ProfileSchema } });

export const SUBSCRIPTION_STATUSES = ['TRIAL', 'ACTIVE', 'PAST_DUE', 'EXPIRED', 'CANCELED'] as const;
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);

export const LauncherEntrySchema = z.object({
  workspaceId: z.number().int(),
  workspaceName: z.string(),
  workspaceMemo: z.string().nullable(),
  tenantId: z.number().int(),
  organizationName: z.string().describe('The display name of the workspace\'s organisation (tenant), in Korean'),
  organizationNameEn: z.string().nullable().describe('Its English name, when it has one'),
  subscriptionStatus: SubscriptionStatusSchema,
  userId: z.number().int(),
  displayName: z.string(),
  jobPositionName: z.string().nullable(),
  divisionName: z.string().nullable(),
  jobTitleName: z.string().nullable(),
  products: z.array(z.object({ type: ProductTypeSchema })),
});
export type LauncherEntry = z.infer<typeof LauncherEntrySchema>;
export const launcher = defineRoute({ method: 'GET', path: '/api/auth/launcher/v1', access: 'signedIn', summary: 'One entry per workspace the user can reach', tags, schemas: { data: z.array(LauncherEntrySchema) } });

export const theme = defineRoute({
  method: 'GET', path: '/api/auth/theme/v1', access: 'member', summary: 'The workspace theme as a JSON string (ThemeSchema; the default theme when none is stored)', tags,
  schemas: { data: z.object({ theme: z.string() }) },
});

export const LOGIN_RESULTS = ['SUCCESS', 'FAILED', 'LOCKED', 'OTP_REQUIRED', 'OTP_FAILED'] as const;
export const LOGIN_METHODS = ['PASSWORD', 'SUPER_ADMIN', 'OTP', 'DEV', 'IMPERSONATED', 'SSO'] as const;
export const LoginTrackSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  loginId: z.string(),
  method: z.enum(LOGIN_METHODS),
  result: z.enum(LOGIN_RESULTS),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export const userLoginTracks = defineRoute({
  method: 'GET', path: '/api/auth/user-login-tracks/v1', access: 'signedIn', summary: "The caller's sign-in history, newest first", tags,
  schemas: { query: pageQuery(10, 1000), data: pageOf(LoginTrackSchema) },
});

/** Every route of the authentication service (catalogue 7.9), in registration order. */
export const authRoutes: RouteDescriptor[] = [
  login, loginV3, verifyLoginOtp, resendLoginOtp, superAdminLogin, superAdminLoginV3, verifySuperAdminOtp, resendSuperAdminOtp, devLogin, listDemoAccounts,
  refresh, refreshV2, refreshAfter, checkLoggedIn, verifyToken, logout, listSessions, endOtherSessions, endSession,
  changePassword, postponePasswordExpiry, acknowledgeAlert, permissionsV1, permissionsV2, permissionsV3, profile, launcher, theme, userLoginTracks,
];
