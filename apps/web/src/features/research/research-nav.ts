import { DEFAULT_THEME } from '@legal/api';
import { defineNavEntry } from '../../app/navigation/nav-entry';
import { IconScale } from './research-icons';
import { researchChatPath } from './research-path';
import { RESEARCH_PERMISSIONS } from './research-permissions';
import './research-i18n';

/**
 * The research chat in the general area. The entry cannot know the workspace theme, so it leads
 * to the default directory; the page sends a themed workspace on to its own directory.
 */
export const RESEARCH_NAV = [
  defineNavEntry({
    id: 'research',
    variants: ['general'],
    product: 'AI_STUDIO',
    permissions: RESEARCH_PERMISSIONS,
    path: (workspaceName) => researchChatPath(workspaceName, DEFAULT_THEME.chatDirectory),
    icon: IconScale,
    namespace: 'research',
    labelKey: 'nav.research',
  }),
];
