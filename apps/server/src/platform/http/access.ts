import type { Access } from '@legal/api';
import { AppError } from './errors';
import type { RequestContext } from './context';

/**
 * Decides whether the caller may reach a route of the given access level. Membership checks
 * are supplied by the identity module through `setMembershipVerifier`; until it is installed,
 * routes beyond `public` answer 401 to everybody.
 */
export type MembershipVerifier = (ctx: RequestContext, needsAdmin: boolean) => Promise<void>;

let verifyMembership: MembershipVerifier | null = null;

export function setMembershipVerifier(verifier: MembershipVerifier | null) {
  verifyMembership = verifier;
}

export async function checkAccess(access: Access, ctx: RequestContext): Promise<void> {
  switch (access) {
    case 'public':
    case 'devOnly':
      return;
    case 'apiKey':
      if (ctx.principal?.kind !== 'apiKey') throw new AppError('ERROR_UNAUTHORIZED');
      return;
    case 'signerToken':
      if (ctx.principal?.kind !== 'signer') throw new AppError('ERROR_UNAUTHORIZED');
      return;
    case 'signedIn':
      if (ctx.principal?.kind !== 'user') throw new AppError('ERROR_UNAUTHORIZED');
      return;
    case 'superAdmin':
      if (ctx.principal?.kind !== 'user') throw new AppError('ERROR_UNAUTHORIZED');
      if (!ctx.principal.isSuperAdmin) throw new AppError('ERROR_FORBIDDEN');
      return;
    case 'member':
    case 'admin':
      if (ctx.principal?.kind !== 'user') throw new AppError('ERROR_UNAUTHORIZED');
      if (!verifyMembership) throw new AppError('ERROR_FORBIDDEN');
      await verifyMembership(ctx, access === 'admin');
      return;
  }
}
