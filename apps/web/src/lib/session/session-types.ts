import { type Locale, type ProductType } from '@legal/api';

/** NONE, WARN (password expiring), EXPIRED (must change); the server may extend the list. */
export type AlertLevel = 'NONE' | 'WARN' | 'EXPIRED' | (string & {});

/** User info of spec section 3: sign-in fields plus whatever the profile answer merges in. */
export interface UserInfo {
  id: number;
  loginId: string;
  locale?: Locale;
  alertLevel?: AlertLevel;
  name?: string;
  email?: string;
  [field: string]: unknown;
}

export interface Product {
  type: ProductType | (string & {});
}

/** One workspace the user can reach (spec section 3, "Launcher entry"). */
export interface LauncherEntry {
  workspaceId: number;
  workspaceName: string;
  workspaceMemo: string | null;
  tenantId: number;
  /** The organisation's display name (Korean) and its English name; absent in a launcher kept from an older server. */
  organizationName?: string;
  organizationNameEn?: string | null;
  subscriptionStatus: string;
  userId: number;
  displayName: string;
  jobPositionName: string | null;
  divisionName: string | null;
  jobTitleName: string | null;
  products: Product[];
}

export interface Permission {
  name: string;
}

export interface SessionState {
  /** `null` means signed out. */
  userInfo: UserInfo | null;
  launcher: LauncherEntry[];
  workspaceId: number;
  tenantId: number;
  permissions: Permission[];
}

/** Derived from the launcher entry of the selected workspace. */
export interface CurrentWorkspace {
  id: number;
  memo: string | null;
  name: string;
  tenantId: number;
  subscriptionStatus: string;
}

export interface WorkspaceUserInfo {
  name: string;
  id: number;
  loginId: string;
  workspaceName: string;
  displayName: string;
  jobPositionName: string | null;
  divisionName: string | null;
  jobTitleName: string | null;
}
