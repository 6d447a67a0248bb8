import { type PermissionName } from '@legal/api';

/** Sending, reading and managing envelopes (the server answers 403 without it). */
export const SEND_PERMISSIONS = ['esign.document.send'] as const satisfies readonly PermissionName[];
/** The product the e-sign screens need. */
export const ESIGN_PRODUCT = 'E_CONTRACT' as const;
