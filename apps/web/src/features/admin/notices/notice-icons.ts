// The notices screens' own icons, one module each (see components/icons.ts).
export { default as IconDownload } from '@tabler/icons-react/dist/esm/icons/IconDownload.mjs';
export { default as IconPaperclip } from '@tabler/icons-react/dist/esm/icons/IconPaperclip.mjs';
export { default as IconPencil } from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs';
export { default as IconPin } from '@tabler/icons-react/dist/esm/icons/IconPin.mjs';
export { default as IconSpeakerphone } from '@tabler/icons-react/dist/esm/icons/IconSpeakerphone.mjs';
export { default as IconPlus } from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
export { default as IconTrash } from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
export { default as IconX } from '@tabler/icons-react/dist/esm/icons/IconX.mjs';
