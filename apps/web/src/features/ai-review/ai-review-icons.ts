export { IconFileSearch, IconInbox } from '../../components/icons';
export { default as IconPlus } from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
