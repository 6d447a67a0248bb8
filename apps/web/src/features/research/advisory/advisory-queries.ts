import {
  type AdvisoryDraft, createAdvisoryDraft, createInquiry, type CreateInquiryBody, downloadAdvisoryDraft, getInquiry, type InquiryDetail, listInquiries,
} from '@legal/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/save-blob';
import { useResearchKey } from '../research-queries';

/** Inquiries a page of the list shows (the catalogue's default). */
export const INQUIRY_PAGE_SIZE = 10;
/** Retrieval, the citation gate and, with a model, the writing: longer than an ordinary call may take. */
const DRAFT_TIMEOUT_MS = 180_000;
const DOWNLOAD_TIMEOUT_MS = 120_000;

/** The list's filters as they live in the address: `?q=하도급&page=2` (page 0-based, left out on the first). */
export interface InquiryFilters {
  keyword: string;
  page: number;
}

export function readInquiryFilters(params: URLSearchParams): InquiryFilters {
  const page = Number(params.get('page') ?? '0');
  return { keyword: (params.get('q') ?? '').trim().slice(0, 200), page: Number.isInteger(page) && page > 0 ? page : 0 };
}

export function writeInquiryFilters(filters: InquiryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.keyword) params.set('q', filters.keyword);
  if (filters.page > 0) params.set('page', String(filters.page));
  return params;
}

export function useInquiries(filters: InquiryFilters) {
  const base = useResearchKey();
  return useQuery({
    queryKey: [...base, 'advisory', 'list', filters],
    queryFn: ({ signal }) =>
      api.call(listInquiries, { signal, query: { page: filters.page, size: INQUIRY_PAGE_SIZE, ...(filters.keyword ? { searchKeyword: filters.keyword } : {}) } }),
    placeholderData: keepPreviousData,
  });
}

export function useInquiry(inquiryId: number) {
  const base = useResearchKey();
  return useQuery({
    queryKey: [...base, 'advisory', 'inquiry', inquiryId],
    queryFn: ({ signal }) => api.call(getInquiry, { signal, params: { inquiryId }, suppressErrorToast: true }),
  });
}

/** Records an inquiry; its 400 field errors are shown in the dialog, not as a toast. */
export function useCreateInquiry() {
  const base = useResearchKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInquiryBody) => api.call(createInquiry, { body, suppressErrorToast: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...base, 'advisory', 'list'] }),
  });
}

/** Drafts a reply; the new draft goes on top of the inquiry's drafts (newest first) without another read. */
export function useDraftReply(inquiryId: number) {
  const base = useResearchKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(createAdvisoryDraft, { params: { inquiryId }, timeoutMs: DRAFT_TIMEOUT_MS, suppressErrorToast: true }),
    onSuccess: (draft: AdvisoryDraft) =>
      client.setQueryData<InquiryDetail>([...base, 'advisory', 'inquiry', inquiryId], (inquiry) => (inquiry ? { ...inquiry, drafts: [draft, ...inquiry.drafts] } : inquiry)),
  });
}

/** A draft as DOCX, saved under the inquiry's title (the name the server gives it, characters a file system refuses replaced); a failure is the caller's to show. */
export async function saveDraftDocx(inquiryId: number, draftId: number, fileName: string): Promise<void> {
  const blob = await api.call(downloadAdvisoryDraft, { body: { inquiryId, draftId }, timeoutMs: DOWNLOAD_TIMEOUT_MS, suppressErrorToast: true });
  saveBlob(blob as Blob, fileName.replace(/[\\/:*?"<>|]+/g, '_'));
}
