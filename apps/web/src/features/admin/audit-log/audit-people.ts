import { type AuditUserRef } from '@legal/api';

/** How a person of an event reads: their name in the workspace (or account name), else their login id, else their id. */
export function personName(person: AuditUserRef, unknown: (id: number) => string): string {
  return person.displayName ?? person.loginId ?? unknown(person.userId);
}
