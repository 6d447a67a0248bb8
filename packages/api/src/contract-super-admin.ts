import { z } from 'zod';
import { ContractMetaSchema, ContractTypeEntrySchema, ContractTypeUsageSchema } from './contract-children';
import { defineRoute } from './http';
import { GlobalFormAvailabilitySchema } from './standard-forms';

// ---------------------------------------------------------------------------------------------
// The contract hub's super-admin reads (catalogue 7.6 "Super-admin"): thin reads over the workspace
// services for a workspace the super admin names (query workspaceId; 404 for none), like the
// standard-forms super-admin mirror. The presets are in workflow-presets.ts.
// ---------------------------------------------------------------------------------------------

const sa = '/api/conhub/super-admin/contracts';
const tags = ['conhub: super admin'];
export const SuperAdminWorkspaceQuerySchema = z.object({ workspaceId: z.coerce.number().int().positive().describe('The workspace (404 when there is none)') });

const typesV1 = 'The contract types the workspace uses, in its order (the whole catalogue until its admin narrows it), names in the X-Locale language.';
export const superListContractTypesV1 = defineRoute({ method: 'GET', path: `${sa}/contract-types/v1`, access: 'superAdmin', tags, summary: typesV1, schemas: { query: SuperAdminWorkspaceQuerySchema, data: z.array(ContractTypeEntrySchema) } });
export const superListContractTypesV2 = defineRoute({
  method: 'GET', path: `${sa}/contract-types/v2`, access: 'superAdmin', tags,
  summary: `${typesV1} With the number of live contracts of each type in the workspace.`,
  schemas: { query: SuperAdminWorkspaceQuerySchema, data: z.array(ContractTypeUsageSchema) },
});

const meta = 'Every vocabulary of the contract screens with ko/en names (the same for every workspace: conhub contracts/meta/v2).';
export const superGetContractMetaV1 = defineRoute({ method: 'GET', path: `${sa}/meta/v1`, access: 'superAdmin', tags, summary: `${meta} Same as v3.`, schemas: { data: ContractMetaSchema } });
export const superGetContractMetaV2 = defineRoute({ method: 'GET', path: `${sa}/meta/v2`, access: 'superAdmin', tags, summary: `${meta} Same as v3.`, schemas: { data: ContractMetaSchema } });
export const superGetContractMetaV3 = defineRoute({ method: 'GET', path: `${sa}/meta/v3`, access: 'superAdmin', tags, summary: meta, schemas: { data: ContractMetaSchema } });

export const superListGlobalFormAvailability = defineRoute({
  method: 'GET', path: `${sa}/global-standard-form/available/v1`, access: 'superAdmin', tags,
  summary: 'Every published global standard form and whether the workspace makes it available (btls super-admin/standard-forms/workspace/{workspaceId}).',
  schemas: { query: SuperAdminWorkspaceQuerySchema, data: z.array(GlobalFormAvailabilitySchema) },
});
