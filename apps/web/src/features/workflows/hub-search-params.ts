import {
  CONTRACT_HUB_SEARCH_PAGE_SIZE, CONTRACT_TYPES, type ContractHubSearchV2Query, type ContractType, MY_RELATED_PAGE_SIZE, MY_RELATIONS, type MyRelatedQuery,
  type MyRelation, PROCESS_STATUSES, type ProcessStatus, WORKFLOW_PRESET_TYPES,
} from '@legal/api';

/** The contract hub search's tabs: every readable contract, those waiting to be executed, those related to me. */
export const HUB_SEARCH_VIEWS = ['all', 'to-be-executed', 'related'] as const;
export type HubSearchView = (typeof HUB_SEARCH_VIEWS)[number];

export const HUB_SORTS = ['updatedAt,desc', 'createdAt,desc', 'title,asc', 'waitingSince,asc', 'workflowUpdatedAt,desc'] as const;
export type HubSort = (typeof HUB_SORTS)[number];
type PresetType = (typeof WORKFLOW_PRESET_TYPES)[number];

/**
 * The search's state as it lives in the address, e.g.
 * `?view=related&q=용역&status=IN_SIGNING&type=SERVICE&preset=APPROVAL&relation=REVIEWER&from=2026-01-01&to=2026-06-30&sort=title,asc&page=2`.
 */
export interface HubSearchFilters {
  view: HubSearchView;
  keyword: string;
  statuses: ProcessStatus[];
  contractTypes: ContractType[];
  presetTypes: PresetType[];
  relations: MyRelation[];
  from: string;
  to: string;
  /** Empty: the view's own order (latest update; oldest waiting for to-be-executed). */
  sort: HubSort | '';
  page: number;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[]) => (value: string): value is T => (values as readonly string[]).includes(value);
const listOf = <T extends string>(params: URLSearchParams, key: string, values: readonly T[]) => [...new Set(params.getAll(key).filter(oneOf(values)))];

export function readHubSearchFilters(params: URLSearchParams): HubSearchFilters {
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return ISO_DATE.test(value) ? value : '';
  };
  const view = params.get('view') ?? '';
  const sort = params.get('sort') ?? '';
  const page = Number(params.get('page') ?? '0');
  return {
    view: oneOf(HUB_SEARCH_VIEWS)(view) ? view : 'all',
    keyword: (params.get('q') ?? '').trim(),
    statuses: listOf(params, 'status', PROCESS_STATUSES),
    contractTypes: listOf(params, 'type', CONTRACT_TYPES),
    presetTypes: listOf(params, 'preset', WORKFLOW_PRESET_TYPES.filter((p) => p !== 'NONE')),
    relations: listOf(params, 'relation', MY_RELATIONS),
    from: date('from'),
    to: date('to'),
    sort: oneOf(HUB_SORTS)(sort) ? sort : '',
    page: Number.isInteger(page) && page > 0 ? page : 0,
  };
}

export function writeHubSearchFilters(f: HubSearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.view !== 'all') params.set('view', f.view);
  if (f.keyword) params.set('q', f.keyword);
  for (const s of f.statuses) params.append('status', s);
  for (const s of f.contractTypes) params.append('type', s);
  for (const s of f.presetTypes) params.append('preset', s);
  if (f.view === 'related') for (const s of f.relations) params.append('relation', s);
  if (f.from) params.set('from', f.from);
  if (f.to) params.set('to', f.to);
  if (f.sort) params.set('sort', f.sort);
  if (f.page > 0) params.set('page', String(f.page));
  return params;
}

/** The v2 query of search and to-be-executed (10 a page, spec section 9), or of my-related (20 a page) with its relations. */
export function hubSearchQuery(f: HubSearchFilters): ContractHubSearchV2Query | MyRelatedQuery {
  const query: ContractHubSearchV2Query = {
    page: f.page,
    size: f.view === 'related' ? MY_RELATED_PAGE_SIZE : CONTRACT_HUB_SEARCH_PAGE_SIZE,
    ...(f.keyword ? { keyword: f.keyword } : {}),
    ...(f.statuses.length ? { processStatuses: f.statuses } : {}),
    ...(f.contractTypes.length ? { contractTypes: f.contractTypes } : {}),
    ...(f.presetTypes.length ? { workflowPresetTypes: f.presetTypes } : {}),
    ...(f.from ? { createdDateStart: f.from } : {}),
    ...(f.to ? { createdDateEnd: f.to } : {}),
    ...(f.sort ? { sort: f.sort } : {}),
  };
  return f.view === 'related' && f.relations.length ? { ...query, relations: f.relations } : query;
}
