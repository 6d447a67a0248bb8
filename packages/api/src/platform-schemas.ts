import { z } from 'zod';

/**
 * The client error report body, apart from platform.ts: platform.ts is on the web app's first
 * screen, which ships no zod; the web app loads this schema when it first reports an error
 * (docs/performance.md, "First screen").
 */
export const ClientErrorReportBodySchema = z.object({
  errorId: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
  message: z.string().trim().min(1).max(2000),
  route: z.string().max(500),
  httpStatus: z.number().int().min(0).max(599).optional(),
  code: z.string().max(64).optional(),
  apiPath: z.string().max(500).optional(),
  stack: z.string().max(8000).optional(),
  userId: z.number().int().nonnegative().optional(),
  tenantId: z.number().int().nonnegative().optional(),
  workspaceId: z.number().int().nonnegative().optional(),
  userAgent: z.string().max(500).optional(),
});
export type ClientErrorReportBody = z.infer<typeof ClientErrorReportBodySchema>;
