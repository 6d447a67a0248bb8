// The files screen's own icons, one module each (see components/icons.ts).
export { default as IconUpload } from '@tabler/icons-react/dist/esm/icons/IconUpload.mjs';
export { default as IconDownload } from '@tabler/icons-react/dist/esm/icons/IconDownload.mjs';
export { default as IconTrash } from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
export { default as IconRestore } from '@tabler/icons-react/dist/esm/icons/IconRestore.mjs';
