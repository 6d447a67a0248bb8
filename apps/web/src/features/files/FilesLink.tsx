import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHasAnyPermission } from '../../lib/session';
import { FILE_PERMISSIONS } from './file-permissions';
import { filesPath } from './files-path';
import './files-i18n';

/** A link to the files of a workspace, for holders of the read permission. */
export function FilesLink({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('files');
  const canRead = useHasAnyPermission([FILE_PERMISSIONS.read]);
  if (!canRead) return null;
  return (
    <Anchor component={Link} to={filesPath(workspaceName)} size="sm">
      {t('link')}
    </Anchor>
  );
}
