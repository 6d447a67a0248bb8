import { ClientErrorReportBodySchema, type ClientErrorReportBody } from '@legal/api';
import { type ApiError } from './api-error';

export interface ErrorReportInput {
  error: ApiError;
  errorId: string;
  /** The concrete request path that failed. */
  apiPath: string;
  route: string;
  userId?: number;
  tenantId: number;
  workspaceId: number;
  userAgent?: string;
  /** Used when the error carries no message. */
  fallbackMessage: string;
}

const clip = (value: string | undefined, max: number) => (value === undefined ? undefined : value.slice(0, max));

/** The body of a client error report, trimmed to the shared schema; null if it cannot be valid. */
export function buildErrorReport(input: ErrorReportInput): ClientErrorReportBody | null {
  const { error } = input;
  const parsed = ClientErrorReportBodySchema.safeParse({
    errorId: input.errorId,
    message: clip(error.message.trim() || input.fallbackMessage, 2000),
    route: clip(input.route, 500) ?? '',
    httpStatus: error.status >= 0 && error.status <= 599 ? error.status : undefined,
    code: clip(String(error.code), 64),
    apiPath: clip(input.apiPath, 500),
    userId: typeof input.userId === 'number' && input.userId >= 0 ? input.userId : undefined,
    tenantId: input.tenantId,
    workspaceId: input.workspaceId,
    userAgent: clip(input.userAgent, 500),
  });
  return parsed.success ? parsed.data : null;
}
