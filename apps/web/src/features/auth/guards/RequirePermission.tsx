import { type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ForbiddenState } from '../../../components/ForbiddenState';
import { useHasAnyPermission } from '../../../lib/session';

export type RequirePermissionProps = { children?: ReactNode } & ({ name: string; anyOf?: never } | { anyOf: readonly string[]; name?: never });

/** Renders its children (or the child routes) only if the session holds the permission, or any of the list. */
export function RequirePermission({ children, name, anyOf }: RequirePermissionProps) {
  const isAllowed = useHasAnyPermission(name !== undefined ? [name] : (anyOf ?? []));
  if (!isAllowed) return <ForbiddenState />;
  return children ?? <Outlet />;
}
