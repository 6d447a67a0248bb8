import {
  type ContractPrediction, createStandaloneContract, decideFinding, editClause, type EditClauseBody, estimateReview, exportReviewedContractDocx, exportReviewReport,
  type Finding, type FindingDecision, getCheckpointStats, getReview, getReviewChatQuestionExamples, listReviewContractTypes, listReviews, listStandaloneContracts,
  predictContractTypes, type Review, type ReviewContractType, reviewContractDocument, type ReviewDocumentBody, setStandaloneContractDocument, translateReview,
  workspaceKey,
} from '@legal/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { api, idempotencyHeaders, isApiError, newIdempotencyKey } from '../../lib/api';
import { type SessionState, useSession } from '../../lib/session';
import { saveBlob } from '../../lib/save-blob';
import { isFinished, useReviewProgressWatch } from './review-progress-watch';

const selectWorkspaceKey = (s: SessionState) => workspaceKey(s.tenantId, s.workspaceId);
/** How often a running review is asked for its progress when its progress stream cannot be had. */
export const POLL_MS = 1000;
const EXPORT_TIMEOUT_MS = 180_000;
/** A model rewriting a clause or translating a whole contract may take a while. */
const MODEL_TIMEOUT_MS = 180_000;

const aiReviewKeyFor = (key: string) => ['aiReview', key] as const;

/** Every AI review query of the selected workspace lives under this key. */
export function useAiReviewKey() {
  return aiReviewKeyFor(useSession(selectWorkspaceKey));
}

/** The AI review queries of a given workspace (a super admin's playbook import refreshes them). */
export const aiReviewKeyOf = (target: { tenantId: number; workspaceId: number }) => aiReviewKeyFor(workspaceKey(target.tenantId, target.workspaceId));

export function useReviewContractTypes() {
  const base = useAiReviewKey();
  return useQuery({
    queryKey: [...base, 'contractTypes'],
    queryFn: ({ signal }) => api.call(listReviewContractTypes, { signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * A 409 that clears up by itself: the document's text is still being extracted (`data.extractionStatus`
 * PENDING; the review routes answer ERROR_DOCUMENT_TEXT_NOT_READY, contract-prediction ERROR_CONFLICT).
 * FAILED extraction, an out-of-domain block and other conflicts do not.
 */
export function isTextBeingRead(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 409) return false;
  return (error.data as { extractionStatus?: unknown } | undefined)?.extractionStatus === 'PENDING';
}

/** How often and how far apart a call waiting for a document's text is tried again. */
const TEXT_RETRIES = 10;
const TEXT_RETRY_MS = 1500;
const retryWhileTextIsRead = (count: number, error: Error) => isTextBeingRead(error) && count < TEXT_RETRIES;

/** The cost of the run before it starts; errors (402 included) are shown by the screen. */
export function useReviewEstimate(body: ReviewDocumentBody | null) {
  const base = useAiReviewKey();
  return useQuery({
    queryKey: [...base, 'estimate', body],
    queryFn: ({ signal }) => api.call(estimateReview, { signal, body: body!, suppressErrorToast: true }),
    enabled: body !== null,
    // While the document's text is still being read the answer comes by itself; other failures are shown at once.
    retry: retryWhileTextIsRead,
    retryDelay: TEXT_RETRY_MS,
  });
}

/**
 * The contract types ranked for a readable file (contract-prediction v3); null: nothing to predict.
 * Tried again while the file's text is being read (`failureReason` then passes `isTextBeingRead`);
 * other failures are the caller's to show, quietly.
 */
export function useContractPrediction(fileKey: string | null) {
  const base = useAiReviewKey();
  return useQuery<ContractPrediction>({
    queryKey: [...base, 'prediction', fileKey],
    queryFn: ({ signal }) => api.call(predictContractTypes, { signal, body: { fileKey: fileKey! }, suppressErrorToast: true }),
    enabled: fileKey !== null,
    staleTime: 5 * 60_000,
    retry: retryWhileTextIsRead,
    retryDelay: TEXT_RETRY_MS,
  });
}

/** The caller's own standalone contracts, by title, one page at a time. */
export function useStandaloneContracts(keyword: string, page: number) {
  const base = useAiReviewKey();
  return useQuery({
    queryKey: [...base, 'standalone', 'list', keyword, page],
    queryFn: ({ signal }) => api.call(listStandaloneContracts, { signal, query: { ...(keyword ? { searchKeyword: keyword } : {}), page, size: 10 } }),
    placeholderData: keepPreviousData,
  });
}

/** Creates a standalone contract holding an uploaded file; the list is asked again. */
export function useCreateStandaloneContract() {
  const base = useAiReviewKey();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { title: string; fileKey: string }) => api.call(createStandaloneContract, { body, suppressErrorToast: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...base, 'standalone'] }),
  });
}

/** Gives a standalone contract without a document its uploaded file; the list is asked again. */
export function useSetStandaloneDocument() {
  const base = useAiReviewKey();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ standaloneContractId, fileKey }: { standaloneContractId: number; fileKey: string }) =>
      api.call(setStandaloneContractDocument, { params: { standaloneContractId }, body: { fileKey }, suppressErrorToast: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...base, 'standalone'] }),
  });
}

/**
 * Starts the run. One Idempotency-Key per document, type and position: a double click or a
 * retry after a lost answer never debits twice.
 */
export function useStartReview() {
  const base = useAiReviewKey();
  const queryClient = useQueryClient();
  const keys = useRef(new Map<string, string>()).current;
  return useMutation({
    mutationFn: (body: ReviewDocumentBody) => {
      const id = JSON.stringify(body);
      const key = keys.get(id) ?? newIdempotencyKey();
      keys.set(id, key);
      return api.call(reviewContractDocument, { body, headers: idempotencyHeaders(key), suppressErrorToast: true });
    },
    onSuccess: (review) => {
      queryClient.setQueryData([...base, 'review', review.reviewId], review);
      void queryClient.invalidateQueries({ queryKey: [...base, 'list'] });
    },
  });
}

export function useReviews(page: number, size = 10) {
  const base = useAiReviewKey();
  return useQuery({
    queryKey: [...base, 'list', page, size],
    queryFn: ({ signal }) => api.call(listReviews, { signal, query: { page, size } }),
    placeholderData: keepPreviousData,
  });
}

export { isFinished } from './review-progress-watch';

/**
 * A review. While it is queued or running its page watches its progress (useReviewProgressWatch)
 * and reads it whole once it finishes; where the stream cannot be had, it asks every second.
 */
export function useReview(reviewId: number) {
  const base = useAiReviewKey();
  const queryKey = [...base, 'review', reviewId];
  const [isPolling, setPolling] = useState(false);
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => api.call(getReview, { signal, params: { reviewId } }),
    refetchInterval: (q) => (isPolling && q.state.data && !isFinished(q.state.data) ? POLL_MS : false),
  });
  useReviewProgressWatch(reviewId, queryKey, isPolling ? undefined : query.data, () => setPolling(true));
  return query;
}

/** A user's own edit accepted with a finding: the text and the span of the review text it replaces. */
export interface FindingEdit {
  text: string;
  startOffset: number;
  endOffset: number;
}

/**
 * Accept (optionally with the user's own edit, e.g. an AI rewrite), dismiss (with a reason) or
 * reopen a finding; the review in the cache takes the answer.
 */
export function useDecideFinding(reviewId: number) {
  const base = useAiReviewKey();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ findingId, decision, reason, edit }: { findingId: number; decision: FindingDecision; reason?: string; edit?: FindingEdit }) =>
      api.call(decideFinding, { params: { reviewId, findingId }, body: { decision, ...(reason ? { reason } : {}), ...(edit ? { edit } : {}) } }),
    onSuccess: (finding: Finding) => {
      queryClient.setQueryData<Review>([...base, 'review', reviewId], (review) =>
        review ? { ...review, findings: review.findings.map((f) => (f.findingId === finding.findingId ? finding : f)) } : review,
      );
      void queryClient.invalidateQueries({ queryKey: [...base, 'stats'] });
    },
  });
}

export function useCheckpointStats(contractType: ReviewContractType, isEnabled: boolean) {
  const base = useAiReviewKey();
  return useQuery({
    queryKey: [...base, 'stats', contractType],
    queryFn: ({ signal }) => api.call(getCheckpointStats, { signal, query: { contractType } }),
    enabled: isEnabled,
  });
}

export function useQuestionExamples(contractType: ReviewContractType, isEnabled: boolean) {
  const base = useAiReviewKey();
  return useQuery({
    queryKey: [...base, 'questionExamples', contractType],
    queryFn: ({ signal }) => api.call(getReviewChatQuestionExamples, { signal, query: { contractType } }),
    enabled: isEnabled,
    staleTime: 5 * 60_000,
  });
}

const baseName = (fileName: string) => fileName.replace(/\.[^.]+$/, '');

/** The review as a report, or the contract with the accepted edits as tracked changes. */
export function useReviewExport(review: Pick<Review, 'reviewId' | 'source'>) {
  return useMutation({
    mutationFn: async (kind: 'REPORT_DOCX' | 'REPORT_PDF' | 'CONTRACT_DOCX') => {
      const params = { reviewId: review.reviewId };
      const name = baseName(review.source.fileName);
      if (kind === 'CONTRACT_DOCX') {
        const blob = await api.call(exportReviewedContractDocx, { params, timeoutMs: EXPORT_TIMEOUT_MS });
        saveBlob(blob as Blob, `${name}-redline.docx`);
        return;
      }
      const format = kind === 'REPORT_PDF' ? 'PDF' : 'DOCX';
      const blob = await api.call(exportReviewReport, { params, query: { format }, timeoutMs: EXPORT_TIMEOUT_MS });
      saveBlob(blob as Blob, `${name}-review.${format.toLowerCase()}`);
    },
  });
}

/** Rewrites a stretch of the reviewed text toward a side or an instruction (a model call: 503 without one, 402 short of credits). */
export function useEditClause() {
  return useMutation({
    mutationFn: (body: EditClauseBody) => api.call(editClause, { body, suppressErrorToast: true, timeoutMs: MODEL_TIMEOUT_MS }),
  });
}

/** Translates the reviewed contract clause by clause (a model call: 503 without one, 402 short of credits). */
export function useTranslateReview(reviewId: number) {
  return useMutation({
    mutationFn: (targetLanguage: 'ko' | 'en') => api.call(translateReview, { body: { reviewId, targetLanguage }, suppressErrorToast: true, timeoutMs: MODEL_TIMEOUT_MS }),
  });
}
