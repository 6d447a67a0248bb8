/**
 * The icons the app draws, imported one module each: importing the package root would pull
 * thousands of icons into development builds and tests.
 */
export { default as IconAlertTriangle } from '@tabler/icons-react/dist/esm/icons/IconAlertTriangle.mjs';
export { default as IconArrowDown } from '@tabler/icons-react/dist/esm/icons/IconArrowDown.mjs';
export { default as IconArrowRight } from '@tabler/icons-react/dist/esm/icons/IconArrowRight.mjs';
export { default as IconCheck } from '@tabler/icons-react/dist/esm/icons/IconCheck.mjs';
export { default as IconChecks } from '@tabler/icons-react/dist/esm/icons/IconChecks.mjs';
export { default as IconChevronDown } from '@tabler/icons-react/dist/esm/icons/IconChevronDown.mjs';
export { default as IconCircleDashed } from '@tabler/icons-react/dist/esm/icons/IconCircleDashed.mjs';
export { default as IconBell } from '@tabler/icons-react/dist/esm/icons/IconBell.mjs';
export { default as IconClock } from '@tabler/icons-react/dist/esm/icons/IconClock.mjs';
export { default as IconFileSearch } from '@tabler/icons-react/dist/esm/icons/IconFileSearch.mjs';
export { default as IconFolders } from '@tabler/icons-react/dist/esm/icons/IconFolders.mjs';
export { default as IconGavel } from '@tabler/icons-react/dist/esm/icons/IconGavel.mjs';
export { default as IconHome } from '@tabler/icons-react/dist/esm/icons/IconHome.mjs';
export { default as IconInbox } from '@tabler/icons-react/dist/esm/icons/IconInbox.mjs';
export { default as IconLayoutSidebarLeftCollapse } from '@tabler/icons-react/dist/esm/icons/IconLayoutSidebarLeftCollapse.mjs';
export { default as IconLayoutSidebarLeftExpand } from '@tabler/icons-react/dist/esm/icons/IconLayoutSidebarLeftExpand.mjs';
export { default as IconLayoutGrid } from '@tabler/icons-react/dist/esm/icons/IconLayoutGrid.mjs';
export { default as IconLock } from '@tabler/icons-react/dist/esm/icons/IconLock.mjs';
export { default as IconLogin } from '@tabler/icons-react/dist/esm/icons/IconLogin.mjs';
export { default as IconLogout } from '@tabler/icons-react/dist/esm/icons/IconLogout.mjs';
export { default as IconMail } from '@tabler/icons-react/dist/esm/icons/IconMail.mjs';
export { default as IconMessageChatbot } from '@tabler/icons-react/dist/esm/icons/IconMessageChatbot.mjs';
export { default as IconMoon } from '@tabler/icons-react/dist/esm/icons/IconMoon.mjs';
export { default as IconRefresh } from '@tabler/icons-react/dist/esm/icons/IconRefresh.mjs';
export { default as IconScale } from '@tabler/icons-react/dist/esm/icons/IconScale.mjs';
export { default as IconSearch } from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs';
export { default as IconSettings } from '@tabler/icons-react/dist/esm/icons/IconSettings.mjs';
export { default as IconShieldLock } from '@tabler/icons-react/dist/esm/icons/IconShieldLock.mjs';
export { default as IconSignature } from '@tabler/icons-react/dist/esm/icons/IconSignature.mjs';
export { default as IconSun } from '@tabler/icons-react/dist/esm/icons/IconSun.mjs';
export { default as IconTemplate } from '@tabler/icons-react/dist/esm/icons/IconTemplate.mjs';
export { default as IconUpload } from '@tabler/icons-react/dist/esm/icons/IconUpload.mjs';
export { default as IconUser } from '@tabler/icons-react/dist/esm/icons/IconUser.mjs';
export { default as IconCalendar } from '@tabler/icons-react/dist/esm/icons/IconCalendar.mjs';
export { default as IconChevronLeft } from '@tabler/icons-react/dist/esm/icons/IconChevronLeft.mjs';
export { default as IconChevronRight } from '@tabler/icons-react/dist/esm/icons/IconChevronRight.mjs';
