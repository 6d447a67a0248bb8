import { defineNavEntry } from '../../../app/navigation/nav-entry';
import { IconSpeakerphone } from '../admin-icons';
import './notices-i18n';

/** `/:workspaceName/notices`: every member reads the workspace's notices. */
export const NOTICES_NAV = [
  defineNavEntry({
    id: 'notices',
    variants: ['general', 'contractManagement'],
    path: (workspaceName) => `/${encodeURIComponent(workspaceName)}/notices`,
    icon: IconSpeakerphone,
    namespace: 'notices',
    labelKey: 'nav.notices',
  }),
];
