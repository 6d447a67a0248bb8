import { DELETION_REQUEST_SORT_FIELDS, DELETION_REQUEST_STATUSES, type DeletionRequestStatus } from '@legal/api';

/** The deletion-request lists' state in the address: `?status=PENDING&sort=purgeAfter,asc&page=2`. */
export interface DeletionListParams {
  /** 1-based */
  page: number;
  /** `field,asc|desc` of DELETION_REQUEST_SORT_FIELDS; none = newest first. */
  sort: string | undefined;
  status: DeletionRequestStatus | undefined;
}

const SORT = new RegExp(`^(${DELETION_REQUEST_SORT_FIELDS.join('|')}),(asc|desc)$`);
const isStatus = (value: string | null): value is DeletionRequestStatus => (DELETION_REQUEST_STATUSES as readonly (string | null)[]).includes(value);

export function readDeletionListParams(params: URLSearchParams): DeletionListParams {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const sort = params.get('sort') ?? '';
  const status = params.get('status');
  return { page: Number.isFinite(page) && page > 0 ? page : 1, sort: SORT.test(sort) ? sort : undefined, status: isStatus(status) ? status : undefined };
}

/** Only what differs from the defaults is written. */
export function writeDeletionListParams(value: DeletionListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (value.status) params.set('status', value.status);
  if (value.sort) params.set('sort', value.sort);
  if (value.page > 1) params.set('page', String(value.page));
  return params;
}
