import { DEMO_ACCOUNTS, DEMO_PASSWORD, PRODUCT_TYPES, ROLE_CODES, type RoleCode } from '@legal/api';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Database } from '../../platform/db/client';
import { provisionMembership, provisionUser, provisionWorkspace, type WorkspaceInput } from './provisioning';

const SEED_LOCK = 727_101;

/** The two demo tenants: a law firm with every product and a company on a trial with its own theme. */
const DEMO_WORKSPACES: Record<string, WorkspaceInput> = {
  hanbit: {
    tenantName: '한빛 법무법인',
    tenantNameEn: 'Hanbit Law',
    name: 'hanbit',
    memo: '한빛 법무법인 법무팀 워크스페이스',
    subscriptionStatus: 'ACTIVE',
    products: [...PRODUCT_TYPES],
    extraRoles: ROLE_CODES.filter((c) => !['SUPER_MANAGER', 'LEGAL_MANAGER', 'GENERAL_MEMBER'].includes(c)),
  },
  saesol: {
    tenantName: '새솔 주식회사',
    tenantNameEn: 'Saesol Corp',
    name: 'saesol',
    memo: '새솔 주식회사 법무지원팀',
    subscriptionStatus: 'TRIAL',
    products: ['AI_REVIEW', 'AI_STUDIO', 'CLM', 'E_CONTRACT'],
    extraRoles: ['EXTERNAL_LAWYER'],
    theme: {
      name: 'saesol',
      palette: {
        'primary-50': '#e7f5ff', 'primary-100': '#d0ebff', 'primary-200': '#a5d8ff', 'primary-300': '#74c0fc', 'primary-400': '#4dabf7',
        'primary-500': '#339af0', 'primary-600': '#228be6', 'primary-700': '#1c7ed6', 'primary-800': '#1971c2', 'primary-900': '#1864ab',
      },
    },
  },
};

/** Division, job title and position shown in the launcher for each demo persona. */
const DEMO_PROFILES: Record<string, { divisionName: string; jobTitleName: string; jobPositionName: string }> = {
  'member@hanbit.example': { divisionName: '기업자문팀', jobTitleName: '매니저', jobPositionName: '사원' },
  'reviewer@hanbit.example': { divisionName: '법무팀', jobTitleName: '변호사', jobPositionName: '책임' },
  'assigner@hanbit.example': { divisionName: '법무팀', jobTitleName: '팀장', jobPositionName: '수석' },
  'approver@hanbit.example': { divisionName: '법무팀', jobTitleName: '법무실장', jobPositionName: '이사' },
  'lawyer@hanbit.example': { divisionName: '외부 자문', jobTitleName: '변호사', jobPositionName: '파트너' },
  'reader@hanbit.example': { divisionName: '재무팀', jobTitleName: '매니저', jobPositionName: '선임' },
  'manager@hanbit.example': { divisionName: '법무팀', jobTitleName: '법무 관리자', jobPositionName: '수석' },
  'admin@hanbit.example': { divisionName: '경영지원팀', jobTitleName: '시스템 관리자', jobPositionName: '책임' },
  'otp@hanbit.example': { divisionName: '기업자문팀', jobTitleName: '매니저', jobPositionName: '선임' },
  'admin@saesol.example': { divisionName: '법무지원팀', jobTitleName: '팀장', jobPositionName: '부장' },
  'member@saesol.example': { divisionName: '영업팀', jobTitleName: '매니저', jobPositionName: '대리' },
};

/**
 * Outside counsel often serves several clients: the external lawyer is also a member of the
 * second tenant, so the workspace launcher and switcher have two entries to show.
 */
const EXTRA_MEMBERSHIPS = [
  {
    loginId: 'lawyer@hanbit.example',
    workspace: 'saesol' as const,
    role: 'EXTERNAL_LAWYER' as RoleCode,
    profile: { divisionName: '외부 자문', jobTitleName: '자문 변호사', jobPositionName: '파트너' },
  },
];

/**
 * Seeds the demo tenants, workspaces and one user per persona (DEMO_ACCOUNTS, all with
 * DEMO_PASSWORD). Idempotent (natural keys, under a lock so that starters do not race) and
 * never run in production.
 */
export async function seedDemoData(database: Database, config: Pick<Config, 'isProduction' | 'seedDemo'>, logger?: Logger): Promise<void> {
  if (config.isProduction || !config.seedDemo) return;
  await database.withLock(SEED_LOCK, async () => {
    const db = database.db;
    const scopes = {
      hanbit: await provisionWorkspace(db, DEMO_WORKSPACES.hanbit as WorkspaceInput),
      saesol: await provisionWorkspace(db, DEMO_WORKSPACES.saesol as WorkspaceInput),
    };
    const userIds = new Map<string, number>();
    for (const account of DEMO_ACCOUNTS) {
      const isSuperAdmin = account.role === 'SUPER_ADMIN';
      const userId = await provisionUser(db, {
        loginId: account.loginId,
        name: account.displayName,
        password: DEMO_PASSWORD,
        isSuperAdmin,
        isTwoFactorRequired: account.twoFactor && !isSuperAdmin,
      });
      userIds.set(account.loginId, userId);
      if (isSuperAdmin || !account.workspace) continue;
      const scope = scopes[account.workspace as keyof typeof scopes];
      const profile = DEMO_PROFILES[account.loginId];
      await provisionMembership(db, scope, userId, { displayName: account.displayName, ...profile, roles: [account.role as RoleCode] });
    }
    for (const extra of EXTRA_MEMBERSHIPS) {
      const account = DEMO_ACCOUNTS.find((a) => a.loginId === extra.loginId);
      const userId = userIds.get(extra.loginId);
      if (!account || !userId) continue;
      await provisionMembership(db, scopes[extra.workspace], userId, { displayName: account.displayName, ...extra.profile, roles: [extra.role] });
    }
  });
  logger?.info({ accounts: DEMO_ACCOUNTS.length }, 'demo data ready');
}
