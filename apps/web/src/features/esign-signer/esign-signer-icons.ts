/** The signer pages' icons, one module each (see components/icons.ts). */
export { default as IconArrowDown } from '@tabler/icons-react/dist/esm/icons/IconArrowDown.mjs';
export { default as IconBan } from '@tabler/icons-react/dist/esm/icons/IconBan.mjs';
export { default as IconCircleCheck } from '@tabler/icons-react/dist/esm/icons/IconCircleCheck.mjs';
export { default as IconCircleX } from '@tabler/icons-react/dist/esm/icons/IconCircleX.mjs';
export { default as IconClockX } from '@tabler/icons-react/dist/esm/icons/IconClockX.mjs';
export { default as IconDeviceMobile } from '@tabler/icons-react/dist/esm/icons/IconDeviceMobile.mjs';
export { default as IconDownload } from '@tabler/icons-react/dist/esm/icons/IconDownload.mjs';
export { default as IconFileCertificate } from '@tabler/icons-react/dist/esm/icons/IconFileCertificate.mjs';
export { default as IconFileOff } from '@tabler/icons-react/dist/esm/icons/IconFileOff.mjs';
export { default as IconHourglass } from '@tabler/icons-react/dist/esm/icons/IconHourglass.mjs';
export { default as IconMail } from '@tabler/icons-react/dist/esm/icons/IconMail.mjs';
export { default as IconShieldCheck } from '@tabler/icons-react/dist/esm/icons/IconShieldCheck.mjs';
export { default as IconSignature } from '@tabler/icons-react/dist/esm/icons/IconSignature.mjs';
