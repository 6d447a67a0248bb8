import { listDemoAccounts, type DemoAccount } from '@legal/api';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { api } from '../../lib/api';
import { type LoginFlavour } from './login-flavours';

const SUPER_ADMIN_ROLE = 'SUPER_ADMIN';

// The panel's code loads only where the server offers demo accounts (never in production).
const DemoAccountsPanel = lazy(async () => ({ default: (await import('./DemoAccountsPanel')).DemoAccountsPanel }));

export interface DemoAccountsProps {
  flavour: LoginFlavour;
  onPick: (account: DemoAccount) => void;
}

/**
 * Asks for the seeded demo accounts quietly (no toast, no error report: the server answers 404
 * when there are none) and shows them once it answers. The super-admin page lists the super
 * admins, the ordinary page everyone else.
 */
export function DemoAccounts({ flavour, onPick }: DemoAccountsProps) {
  const { data } = useQuery({
    queryKey: ['auth', 'demo-accounts'],
    queryFn: () => api.call(listDemoAccounts, { suppressErrorToast: true, skipErrorReport: true }),
    staleTime: Infinity,
  });
  const accounts = (data ?? []).filter((a) => (a.role === SUPER_ADMIN_ROLE) === (flavour === 'superAdmin'));
  if (accounts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <DemoAccountsPanel accounts={accounts} onPick={onPick} />
    </Suspense>
  );
}
