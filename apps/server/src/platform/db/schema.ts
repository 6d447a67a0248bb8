/** Every table of the product, for Drizzle's typed queries and drizzle-kit. One line per module. */
export * from '../mail/mail.table';
export * from '../../modules/diagnostics/client-errors.table';
