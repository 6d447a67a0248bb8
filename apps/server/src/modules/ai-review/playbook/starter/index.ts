import type { PlaybookCheckpoint } from '../playbook.types';
import { EMPLOYMENT_CHECKPOINTS } from './employment';
import { LEASE_CHECKPOINTS } from './lease';
import { LICENSE_CHECKPOINTS } from './license';
import { MOU_CHECKPOINTS } from './mou';
import { NDA_CHECKPOINTS } from './nda';
import { SERVICE_CHECKPOINTS } from './service';
import { SUBCONTRACT_CHECKPOINTS } from './subcontract';
import { SUPPLY_CHECKPOINTS } from './supply';

/**
 * The starter playbook every workspace begins with: checkpoints per contract type, written from the
 * statutes they cite and common Korean contract practice (not fitted to any contract set).
 */
export const STARTER_PLAYBOOK: PlaybookCheckpoint[] = [
  ...NDA_CHECKPOINTS,
  ...SERVICE_CHECKPOINTS,
  ...SUPPLY_CHECKPOINTS,
  ...LICENSE_CHECKPOINTS,
  ...EMPLOYMENT_CHECKPOINTS,
  ...LEASE_CHECKPOINTS,
  ...SUBCONTRACT_CHECKPOINTS,
  ...MOU_CHECKPOINTS,
];
