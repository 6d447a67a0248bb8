import { FILE_KINDS, type FileKind } from '@legal/api';

export const FILE_SORTS = ['createdAt,desc', 'createdAt,asc'] as const;
export type FileSort = (typeof FILE_SORTS)[number];

/** The list's filters as they live in the address: `?q=계약&type=pdf&sort=createdAt,asc&page=2&deleted=1`. */
export interface FileFilters {
  keyword?: string;
  fileType?: FileKind;
  sort: FileSort;
  /** 1-based */
  page: number;
  isDeleted: boolean;
}

const isFileKind = (value: string | null): value is FileKind => value !== null && (FILE_KINDS as readonly string[]).includes(value);
const isFileSort = (value: string | null): value is FileSort => value !== null && (FILE_SORTS as readonly string[]).includes(value);

export function readFileFilters(params: URLSearchParams): FileFilters {
  const keyword = params.get('q')?.trim().slice(0, 200) || undefined;
  const type = params.get('type');
  const sort = params.get('sort');
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    keyword,
    fileType: isFileKind(type) ? type : undefined,
    sort: isFileSort(sort) ? sort : 'createdAt,desc',
    page: Number.isFinite(page) && page > 0 ? page : 1,
    isDeleted: params.get('deleted') === '1',
  };
}

/** Only what differs from the defaults is written, so a plain list has a plain address. */
export function writeFileFilters(filters: FileFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.keyword) params.set('q', filters.keyword);
  if (filters.fileType) params.set('type', filters.fileType);
  if (filters.sort !== 'createdAt,desc') params.set('sort', filters.sort);
  if (filters.isDeleted) params.set('deleted', '1');
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}
