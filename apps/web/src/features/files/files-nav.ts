import { defineNavEntry } from '../../app/navigation/nav-entry';
import { IconFolders } from '../../components/icons';
import { FILE_PERMISSIONS } from './file-permissions';
import { filesPath } from './files-path';
import './files-i18n';

export const FILES_NAV = [
  defineNavEntry({
    id: 'files',
    variants: ['general', 'contractManagement'],
    permissions: [FILE_PERMISSIONS.read],
    path: filesPath,
    icon: IconFolders,
    namespace: 'files',
    labelKey: 'nav.files',
  }),
];
