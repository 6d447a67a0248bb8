/** Icons of the AI platform consoles, one module each (see components/icons.ts). */
export { default as IconChartBar } from '@tabler/icons-react/dist/esm/icons/IconChartBar.mjs';
export { default as IconCoins } from '@tabler/icons-react/dist/esm/icons/IconCoins.mjs';
export { default as IconPrompt } from '@tabler/icons-react/dist/esm/icons/IconPrompt.mjs';
export { default as IconRobot } from '@tabler/icons-react/dist/esm/icons/IconRobot.mjs';
