import { defineNavEntry } from '../../app/navigation/nav-entry';
import { CONTRACT_PERMISSIONS, CREATE_PERMISSIONS, REPOSITORY_PERMISSIONS } from './contract-permissions';
import { IconFileSpreadsheet, IconFileText, IconPlus } from './contract-icons';
import { bulkContractsPath, contractsPath, newContractPath } from './contracts-path';
import './contracts-i18n';

/** The contract repository: the list everywhere in a workspace, registering in the contract-management area. */
export const CONTRACTS_NAV = [
  defineNavEntry({
    id: 'contracts',
    variants: ['general', 'contractManagement'],
    product: 'CLM',
    permissions: REPOSITORY_PERMISSIONS,
    path: contractsPath,
    icon: IconFileText,
    namespace: 'contracts',
    labelKey: 'nav.list',
  }),
  defineNavEntry({
    id: 'contracts.new',
    variants: ['contractManagement'],
    product: 'CLM',
    permissions: CREATE_PERMISSIONS,
    path: newContractPath,
    icon: IconPlus,
    namespace: 'contracts',
    labelKey: 'nav.new',
  }),
  defineNavEntry({
    id: 'contracts.bulk',
    variants: ['contractManagement'],
    product: 'CLM',
    permissions: [CONTRACT_PERMISSIONS.admin],
    path: bulkContractsPath,
    icon: IconFileSpreadsheet,
    namespace: 'contracts',
    labelKey: 'nav.bulk',
  }),
];
