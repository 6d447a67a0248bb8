export { default as IconTrash } from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
export { default as IconScale } from '@tabler/icons-react/dist/esm/icons/IconScale.mjs';
