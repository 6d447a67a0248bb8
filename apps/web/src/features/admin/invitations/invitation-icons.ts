/** Icons of the invitation screens, one module each (see components/icons.ts). */
export { default as IconCircleX } from '@tabler/icons-react/dist/esm/icons/IconCircleX.mjs';
export { default as IconMailForward } from '@tabler/icons-react/dist/esm/icons/IconMailForward.mjs';
