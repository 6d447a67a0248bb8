/** Icons of the admin console, one module each (see components/icons.ts). */
export { default as IconAddressBook } from '@tabler/icons-react/dist/esm/icons/IconAddressBook.mjs';
export { default as IconBriefcase } from '@tabler/icons-react/dist/esm/icons/IconBriefcase.mjs';
export { default as IconFileCertificate } from '@tabler/icons-react/dist/esm/icons/IconFileCertificate.mjs';
export { default as IconHierarchy } from '@tabler/icons-react/dist/esm/icons/IconHierarchy.mjs';
export { default as IconHistory } from '@tabler/icons-react/dist/esm/icons/IconHistory.mjs';
export { default as IconKey } from '@tabler/icons-react/dist/esm/icons/IconKey.mjs';
export { default as IconMailForward } from '@tabler/icons-react/dist/esm/icons/IconMailForward.mjs';
export { default as IconPalette } from '@tabler/icons-react/dist/esm/icons/IconPalette.mjs';
export { default as IconSettings } from '@tabler/icons-react/dist/esm/icons/IconSettings.mjs';
export { default as IconShieldCheck } from '@tabler/icons-react/dist/esm/icons/IconShieldCheck.mjs';
export { default as IconSpeakerphone } from '@tabler/icons-react/dist/esm/icons/IconSpeakerphone.mjs';
export { default as IconTrash } from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
export { default as IconUserCheck } from '@tabler/icons-react/dist/esm/icons/IconUserCheck.mjs';
export { default as IconUsers } from '@tabler/icons-react/dist/esm/icons/IconUsers.mjs';
export { default as IconUsersGroup } from '@tabler/icons-react/dist/esm/icons/IconUsersGroup.mjs';
export { default as IconCoins } from '@tabler/icons-react/dist/esm/icons/IconCoins.mjs';
export { default as IconTemplate } from '@tabler/icons-react/dist/esm/icons/IconTemplate.mjs';
