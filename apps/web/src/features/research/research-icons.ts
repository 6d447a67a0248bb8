export { default as IconTrash } from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
export { default as IconScale } from '@tabler/icons-react/dist/esm/icons/IconScale.mjs';
export { default as IconPaperclip } from '@tabler/icons-react/dist/esm/icons/IconPaperclip.mjs';
export { default as IconMessageBolt } from '@tabler/icons-react/dist/esm/icons/IconMessageBolt.mjs';
export { default as IconHistory } from '@tabler/icons-react/dist/esm/icons/IconHistory.mjs';
export { default as IconDownload } from '@tabler/icons-react/dist/esm/icons/IconDownload.mjs';
export { default as IconMessageQuestion } from '@tabler/icons-react/dist/esm/icons/IconMessageQuestion.mjs';
export { default as IconBellRinging } from '@tabler/icons-react/dist/esm/icons/IconBellRinging.mjs';
