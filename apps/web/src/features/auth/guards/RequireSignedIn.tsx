import { useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PATHS, signInPathWithNext } from '../../../app/paths';
import { LoadingState } from '../../../components/LoadingState';
import { selectIsSignedIn, useSession, useSessionStatus, type SessionState } from '../../../lib/session';

const selectAlertLevel = (s: SessionState) => s.userInfo?.alertLevel;

export interface RequireSignedInProps {
  children?: ReactNode;
  /** Where a signed-out visitor goes (with `?next=` back here). */
  signInPath?: string;
}

/**
 * Renders its children (or the child routes) only for a signed-in user; visitors go to the
 * sign-in page, which brings them back afterwards. A session that ends while the screen is open
 * (sign-out, lost session) is left to the sign-out routine, which replaces the entry with the
 * plain sign-in page. An expired password must be changed first: every guarded screen but the
 * profile page leads there.
 */
export function RequireSignedIn({ children, signInPath = PATHS.signIn }: RequireSignedInProps) {
  const location = useLocation();
  const { status } = useSessionStatus();
  const isSignedIn = useSession(selectIsSignedIn);
  const alertLevel = useSession(selectAlertLevel);
  const [wasSignedInAtStart] = useState(isSignedIn);

  if (status === 'loading') return <LoadingState isFullPage />;
  if (!isSignedIn && wasSignedInAtStart) return <LoadingState isFullPage />;
  if (!isSignedIn) {
    return <Navigate to={signInPathWithNext(signInPath, `${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  if (alertLevel === 'EXPIRED' && location.pathname !== PATHS.profile) return <Navigate to={PATHS.profile} replace />;
  return children ?? <Outlet />;
}
