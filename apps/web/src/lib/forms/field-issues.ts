/**
 * Forms validate with the shared zod schemas of @legal/api (the server's own). This turns a
 * `safeParse` result into the first issue per field, so a form can show a localized message
 * chosen from the issue's code; zod's English texts never reach the screen.
 */
export interface FieldIssue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
}

export type SafeParseLike = { success: true } | { success: false; error: { issues: readonly FieldIssue[] } };

/** The first issue of each top-level field (`''` for issues of the value itself). */
export function fieldIssues(result: SafeParseLike): Partial<Record<string, FieldIssue>> {
  if (result.success) return {};
  const issues: Partial<Record<string, FieldIssue>> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '';
    issues[key] ??= issue;
  }
  return issues;
}
