import { REVIEW_CONTRACT_TYPE_CATALOGUE, REVIEW_POSITIONS, type WorkspaceContractTypeV5Schema } from '@legal/api';
import type { z } from 'zod';
import type { RequestContext } from '../../../platform/http/context';
import type { AppServices } from '../../../platform/services';
import { requireReviewUse } from '../review/review.service';
import { CONTRACT_TYPE_POSITIONS } from './index';
import { checkpointsFor, listPlaybook } from './playbook.service';

/**
 * workspace-contract-types v5: the contract types the workspace playbook covers (at least one
 * active checkpoint: a type whose checkpoints were all switched off is not offered), each side with
 * the number of active checkpoints a review from it evaluates. v4 answers the types only.
 */
export async function workspaceContractTypes(services: AppServices, ctx: RequestContext): Promise<Array<z.input<typeof WorkspaceContractTypeV5Schema>>> {
  const { scope } = requireReviewUse(ctx);
  const entries = await listPlaybook(services.db, scope);
  return REVIEW_CONTRACT_TYPE_CATALOGUE.map((type) => {
    const ofType = entries.filter((e) => e.definition.contractType === type.code);
    return {
      code: type.code,
      name: type.name,
      activeCheckpointCount: ofType.filter((e) => e.isActive).length,
      positions: REVIEW_POSITIONS.map((code) => ({ code, name: CONTRACT_TYPE_POSITIONS[type.code][code], activeCheckpointCount: checkpointsFor(ofType, code).length })),
    };
  }).filter((t) => t.activeCheckpointCount > 0);
}
