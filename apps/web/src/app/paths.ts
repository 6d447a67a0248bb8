/** Addresses the shell itself knows. Feature routes add theirs next to their pages. */
export const PATHS = {
  home: '/',
  signIn: '/sign-in',
  superAdminSignIn: '/super-admin/sign-in',
  /** Request a reset link, or (with `?token=`) set a new password. */
  resetPassword: '/reset-password',
  /** The launcher: one card per reachable workspace. */
  launcher: '/workspaces',
  profile: '/profile',
  superAdmin: '/super-admin',
} as const;

/** Where the sign-in page sends the user afterwards (`?next=`). */
export const NEXT_PARAM = 'next';

/** A sign-in address that returns to `next` (a path inside the app) afterwards. */
export function signInPathWithNext(signInPath: string, next: string): string {
  return `${signInPath}?${new URLSearchParams({ [NEXT_PARAM]: next }).toString()}`;
}

/**
 * `next` if it is a path of this app, else the fallback: never another origin (`//evil`,
 * `https://...`, `\\evil`), never back to a sign-in page.
 */
export function safeNextPath(next: string | null | undefined, fallback: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return fallback;
  const pathname = next.split(/[?#]/)[0];
  if (pathname === PATHS.signIn || pathname === PATHS.superAdminSignIn) return fallback;
  return next;
}
