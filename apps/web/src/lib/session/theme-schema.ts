// Loaded only through theme-parser.ts (a dynamic import), so that it lands in a chunk of its own.
export { parseTheme } from '@legal/api';
