/** Every table of the product, for Drizzle's typed queries and drizzle-kit. One line per module. */
export * from '../mail/mail.table';
export * from '../../modules/diagnostics/client-errors.table';
export * from '../../modules/auth/tenants.table';
export * from '../../modules/auth/users.table';
export * from '../../modules/auth/memberships.table';
export * from '../../modules/auth/sessions.table';
export * from '../../modules/auth/audit.table';
export * from '../../modules/auth/api-keys.table';
export * from '../../modules/auth/sso.table';
export * from '../../modules/files/files.table';
export * from '../../modules/admin/organization/organization.table';
export * from '../../modules/admin/invitations/invitations.table';
export * from '../../modules/admin/role-requests/role-requests.table';
export * from '../../modules/admin/notices/notices.table';
export * from '../../modules/admin/terms/terms.table';
export * from '../../modules/admin/workspace/deletion-requests.table';
