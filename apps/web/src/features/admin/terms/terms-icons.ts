// The terms screens' own icons, one module each (see components/icons.ts).
export { default as IconPencil } from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs';
export { default as IconPlus } from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
export { default as IconTrash } from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
export { default as IconVersions } from '@tabler/icons-react/dist/esm/icons/IconVersions.mjs';
