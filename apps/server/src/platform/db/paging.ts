import type { Page } from '@legal/api';

export interface PageRequest {
  /** 0-based. */
  page: number;
  size: number;
}

/**
 * Runs a page query and its count together and answers the conventions' page shape
 * (`{content, page, size, totalElements, totalPages}`).
 */
export async function fetchPage<T>(
  request: PageRequest,
  rows: (limit: number, offset: number) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<Page<T>> {
  const [content, totalElements] = await Promise.all([rows(request.size, request.page * request.size), count()]);
  return pageOf(request, content, totalElements);
}

/** The conventions' page shape for rows and a total read some other way. */
export function pageOf<T>(request: PageRequest, content: T[], totalElements: number): Page<T> {
  return { content, page: request.page, size: request.size, totalElements, totalPages: Math.ceil(totalElements / request.size) };
}
