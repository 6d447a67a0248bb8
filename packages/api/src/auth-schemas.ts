import { z } from 'zod';
import { AUTH_LIMITS, PRODUCT_TYPES, passwordLength } from './auth-constants';

/**
 * The sign-in, one-time code and password schemas, apart from auth.ts: auth.ts is on the web
 * app's first screen, which ships no zod. The sign-in form checks the same rules without them
 * (features/auth/credentials-check.ts, tested against LoginBodySchema); the other forms load
 * these with their page (docs/performance.md, "First screen").
 */
const loginId = z.string().trim().min(1).max(AUTH_LIMITS.loginIdMaxLength);
export const LoginBodySchema = z.object({ loginId, password: z.string().min(1).max(AUTH_LIMITS.loginPasswordMaxLength) });
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const OtpVerifyBodySchema = z.object({ otp: z.string().trim().regex(/^\d{6}$/, 'six digits') });
export const DevLoginBodySchema = z.object({
  loginId,
  superAdmin: z.boolean().default(false).describe('Create a super-admin session (the user must be a super admin)'),
});

export const NewPasswordSchema = z
  .string()
  .refine((p) => passwordLength(p) >= AUTH_LIMITS.passwordMinLength, `at least ${AUTH_LIMITS.passwordMinLength} characters`)
  .refine((p) => passwordLength(p) <= AUTH_LIMITS.passwordMaxLength, `at most ${AUTH_LIMITS.passwordMaxLength} characters`);

export const ChangePasswordBodySchema = z.object({
  currentPassword: z.string().min(1).max(AUTH_LIMITS.loginPasswordMaxLength),
  newPassword: NewPasswordSchema,
});

export const ProductTypeSchema = z.enum(PRODUCT_TYPES);
