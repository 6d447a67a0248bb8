// The organization screens' own icons, one module each (see components/icons.ts).
export { default as IconArrowDown } from '@tabler/icons-react/dist/esm/icons/IconArrowDown.mjs';
export { default as IconArrowUp } from '@tabler/icons-react/dist/esm/icons/IconArrowUp.mjs';
export { default as IconArrowsMove } from '@tabler/icons-react/dist/esm/icons/IconArrowsMove.mjs';
export { default as IconChevronDown } from '@tabler/icons-react/dist/esm/icons/IconChevronDown.mjs';
export { default as IconChevronRight } from '@tabler/icons-react/dist/esm/icons/IconChevronRight.mjs';
export { default as IconFolderPlus } from '@tabler/icons-react/dist/esm/icons/IconFolderPlus.mjs';
export { default as IconLock } from '@tabler/icons-react/dist/esm/icons/IconLock.mjs';
export { default as IconPencil } from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs';
export { default as IconPlus } from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
export { default as IconSearch } from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs';
export { default as IconTrash } from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
export { default as IconUserPlus } from '@tabler/icons-react/dist/esm/icons/IconUserPlus.mjs';
export { default as IconX } from '@tabler/icons-react/dist/esm/icons/IconX.mjs';
