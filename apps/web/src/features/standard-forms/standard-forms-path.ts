/** Addresses of the standard-form library, under the workspace's name. */
export function standardFormsPath(workspaceName: string): string {
  return `/${encodeURIComponent(workspaceName)}/standard-forms`;
}

export function standardFormPath(workspaceName: string, standardFormId: number): string {
  return `${standardFormsPath(workspaceName)}/${standardFormId}`;
}

export function formMakerPath(workspaceName: string): string {
  return `${standardFormsPath(workspaceName)}/new/maker`;
}

export function draftFromFormPath(workspaceName: string, standardFormId: number): string {
  return `${standardFormPath(workspaceName, standardFormId)}/draft`;
}

/** The super-admin console's global forms. */
export const GLOBAL_FORMS_PATH = '/super-admin/standard-forms';
