export { default as IconWritingSign } from '@tabler/icons-react/dist/esm/icons/IconWritingSign.mjs';
export { default as IconArrowUp } from '@tabler/icons-react/dist/esm/icons/IconArrowUp.mjs';
export { default as IconArrowDown } from '@tabler/icons-react/dist/esm/icons/IconArrowDown.mjs';
export { default as IconTrash } from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
export { default as IconShieldCheck } from '@tabler/icons-react/dist/esm/icons/IconShieldCheck.mjs';
export { default as IconDownload } from '@tabler/icons-react/dist/esm/icons/IconDownload.mjs';
