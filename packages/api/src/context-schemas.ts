import { z } from 'zod';
import { LOCALES } from './context';

/**
 * The schemas of context.ts, apart from it: context.ts is on the web app's first screen, which
 * ships no zod (docs/performance.md, "First screen").
 */
export const LocaleSchema = z.enum(LOCALES);
