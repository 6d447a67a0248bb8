import { type Locale, ROLE_TEMPLATES, type RoleCode } from '@legal/api';

/**
 * The name of a role in the interface language: built-in roles are stored under their Korean
 * name and keep it (names of built-in roles are fixed), so their template gives the English one.
 */
export function roleLabel(role: { code: RoleCode | null; name: string }, locale: Locale): string {
  return role.code ? ROLE_TEMPLATES[role.code].name[locale] : role.name;
}
