export { default as IconChecklist } from '@tabler/icons-react/dist/esm/icons/IconChecklist.mjs';
export { default as IconUsersGroup } from '@tabler/icons-react/dist/esm/icons/IconUsersGroup.mjs';
export { default as IconSignature } from '@tabler/icons-react/dist/esm/icons/IconSignature.mjs';
export { default as IconSend } from '@tabler/icons-react/dist/esm/icons/IconSend.mjs';
export { default as IconDownload } from '@tabler/icons-react/dist/esm/icons/IconDownload.mjs';
export { default as IconAlarm } from '@tabler/icons-react/dist/esm/icons/IconAlarm.mjs';
export { default as IconChartBar } from '@tabler/icons-react/dist/esm/icons/IconChartBar.mjs';
