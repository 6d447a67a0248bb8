/** Icons of the super-admin console, one module each (see components/icons.ts). */
export { default as IconBug } from '@tabler/icons-react/dist/esm/icons/IconBug.mjs';
export { default as IconTrash } from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
