import { Outlet } from 'react-router';
import { WorkspaceGate } from './WorkspaceGate';

/**
 * `/:workspaceName/*`: every page of a workspace opens through one gate: the address selects the
 * workspace, its permissions load, and terms waiting for the member's consent are asked first,
 * whichever page they arrive on (the home right after sign-in included). Pages that need a
 * product add their own WorkspaceGate with `product` (the checks above are then already done).
 */
export function WorkspaceLayout() {
  return <WorkspaceGate>{() => <Outlet />}</WorkspaceGate>;
}
