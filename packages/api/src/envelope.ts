import { z } from 'zod';
import { ERROR_CODES } from './errors';

/** `{code:"SUCCESS", message:null, data}`: the only success shape. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.literal('SUCCESS'),
    message: z.string().nullable(),
    data,
  });
}

export type SuccessEnvelope<T> = { code: 'SUCCESS'; message: string | null; data: T };

export const FieldErrorSchema = z.object({
  field: z.string().describe('Dotted path of the offending input, prefixed by its location: body.title, query.page'),
  reason: z.string(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

export const ErrorEnvelopeSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
  errorId: z.string().optional().describe('Present on 5xx answers; the server log holds the same id'),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export const SortSchema = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_.]*(,(asc|desc|ASC|DESC))?$/, 'expected field,asc|desc');

/** Page query: `page` is 0-based. Pass the list's default and maximum page size. */
export function pageQuery(defaultSize = 10, maxSize = 1000) {
  return z.object({
    page: z.coerce.number().int().min(0).default(0),
    size: z.coerce.number().int().min(1).max(maxSize).default(defaultSize),
    sort: z.union([SortSchema, z.array(SortSchema)]).optional(),
  });
}

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
  });
}

export type Page<T> = {
  content: T[];
  page: number;
  size: number;
  totalElements: number;
  totalPages: number;
};
