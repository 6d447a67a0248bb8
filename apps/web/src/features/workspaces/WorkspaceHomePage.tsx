import { WorkspaceOverview } from './WorkspaceOverview';
import { WorkspaceGate } from './WorkspaceGate';

/**
 * `/:workspaceName`: the home of a workspace. The gate selects the workspace the URL names
 * (X-Tenant and X-Workspace follow), waits for its permissions and asks for pending consent
 * first; a name the launcher does not list is not found.
 */
export function WorkspaceHomePage() {
  return <WorkspaceGate>{(entry) => <WorkspaceOverview entry={entry} />}</WorkspaceGate>;
}
