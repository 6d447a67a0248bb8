import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHasAnyPermission } from '../../lib/session';
import { REPOSITORY_PERMISSIONS } from './contract-permissions';
import { contractsPath } from './contracts-path';
import './contracts-i18n';

/** A link to the contract repository, for members who may read contracts (contract.contract.read or wider). */
export function ContractsLink({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('contracts');
  const canRead = useHasAnyPermission(REPOSITORY_PERMISSIONS);
  if (!canRead) return null;
  return (
    <Anchor component={Link} to={contractsPath(workspaceName)} size="sm">
      {t('link')}
    </Anchor>
  );
}
