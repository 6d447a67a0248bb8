import {
  type CheckpointImportResult, type ClauseExampleImportResult, PLAYBOOK_SHEET_LIMITS, superAdminDownloadClauseExamples, superAdminDownloadLabelCheckpoints,
  superAdminImportLabelCheckpoints, superAdminReplaceClauseExamples,
} from '@legal/api';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { api, isApiError, type UploadProgress } from '../../lib/api';
import { saveBlob } from '../../lib/save-blob';
import { aiReviewKeyOf } from '../ai-review/ai-review-queries';
import { type WorkspaceTarget } from './WorkspaceTargetPicker';

/**
 * The two sheets of a workspace's playbook (catalogue 7.1): its checkpoints (imported by code:
 * created or updated, starter ones only switched on or off) and its clause examples (the sheet
 * replaces the workspace's own examples). The server checks every row first and writes nothing
 * when any row is wrong (400 ERROR_VALIDATION, fields `rows.<sheet row>.<column>`).
 */
export type PlaybookSheet = 'checkpoints' | 'examples';

/** A workbook is built while it streams: give a large playbook time. */
const DOWNLOAD_TIMEOUT_MS = 180_000;

export type ImportOutcome = { sheet: 'checkpoints'; counts: CheckpointImportResult } | { sheet: 'examples'; counts: ClauseExampleImportResult };

/** One wrong cell of an import: the sheet row (1 is the header), the column key and the server's reason. */
export interface RowIssue {
  row: number;
  column: string;
  reason: string;
}

export type SheetUploadState =
  | { status: 'idle' }
  | { status: 'uploading'; name: string; percent: number | null }
  | { status: 'done'; name: string; outcome: ImportOutcome }
  | { status: 'invalid'; name: string; message: string; issues: RowIssue[] }
  | { status: 'tooLarge'; name: string }
  | { status: 'failed'; name: string; error: unknown };

/** The row issues of a 400 ERROR_VALIDATION answer to an import, in the server's order; empty for any other failure. */
export function rowIssuesOf(error: unknown): RowIssue[] {
  if (!isApiError(error) || error.code !== 'ERROR_VALIDATION') return [];
  const list = (error.data as { fieldErrors?: unknown } | undefined)?.fieldErrors;
  if (!Array.isArray(list)) return [];
  return (list as Array<{ field?: unknown; reason?: unknown }>).flatMap((item) => {
    const match = typeof item.field === 'string' ? /^rows\.(\d+)\.(\w+)$/.exec(item.field) : null;
    return match ? [{ row: Number(match[1]), column: match[2]!, reason: typeof item.reason === 'string' ? item.reason : '' }] : [];
  });
}

function downloadSheet(sheet: PlaybookSheet, target: WorkspaceTarget, signal: AbortSignal): Promise<unknown> {
  const input = { query: target, signal, timeoutMs: DOWNLOAD_TIMEOUT_MS, suppressErrorToast: true };
  return sheet === 'checkpoints' ? api.call(superAdminDownloadLabelCheckpoints, input) : api.call(superAdminDownloadClauseExamples, input);
}

async function uploadSheet(
  sheet: PlaybookSheet,
  target: WorkspaceTarget,
  file: File,
  signal: AbortSignal,
  onProgress: (progress: UploadProgress) => void,
): Promise<ImportOutcome> {
  const body = new FormData();
  body.append('file', file, file.name);
  const input = { query: target, body, signal, onProgress, suppressErrorToast: true };
  return sheet === 'checkpoints'
    ? { sheet, counts: await api.upload(superAdminImportLabelCheckpoints, input) }
    : { sheet, counts: await api.upload(superAdminReplaceClauseExamples, input) };
}

/** Aborts the request in flight when the section goes away (another workspace picked, page left). */
function useAbortOnUnmount() {
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  return () => {
    controller.current?.abort();
    controller.current = new AbortController();
    return controller.current;
  };
}

/**
 * Downloads a sheet of the workspace's playbook and saves it; while the workbook arrives the
 * caller shows a progress bar and a way to cancel. A failure keeps the server's error to show.
 */
export function usePlaybookDownload(sheet: PlaybookSheet, target: WorkspaceTarget, fileName: string) {
  const next = useAbortOnUnmount();
  const [active, setActive] = useState<AbortController | null>(null);
  const [error, setError] = useState<unknown>(null);
  const start = async () => {
    const controller = next();
    setActive(controller);
    setError(null);
    try {
      saveBlob((await downloadSheet(sheet, target, controller.signal)) as Blob, fileName);
    } catch (cause) {
      if (!(isApiError(cause) && cause.code === 'ERROR_ABORTED')) setError(cause);
    } finally {
      setActive((current) => (current === controller ? null : current));
    }
  };
  return { isDownloading: active !== null, error, start: () => void start(), cancel: () => active?.abort() };
}

/**
 * Uploads a filled sheet (XHR, for its progress) and keeps the server's answer: the counts, or
 * each wrong row. A successful import refreshes the workspace's AI review queries (its
 * checkpoints, contract types and statistics come from the playbook).
 */
export function usePlaybookUpload(sheet: PlaybookSheet, target: WorkspaceTarget) {
  const queryClient = useQueryClient();
  const next = useAbortOnUnmount();
  const [state, setState] = useState<SheetUploadState>({ status: 'idle' });
  const upload = async (file: File) => {
    const name = file.name;
    // The server refuses more than this (413): say so before sending megabytes for nothing.
    if (file.size > PLAYBOOK_SHEET_LIMITS.maxBytes) return setState({ status: 'tooLarge', name });
    const controller = next();
    setState({ status: 'uploading', name, percent: 0 });
    try {
      const outcome = await uploadSheet(sheet, target, file, controller.signal, ({ percent }) => setState({ status: 'uploading', name, percent }));
      setState({ status: 'done', name, outcome });
      await queryClient.invalidateQueries({ queryKey: aiReviewKeyOf(target) });
    } catch (error) {
      if (isApiError(error) && error.code === 'ERROR_ABORTED') return;
      const issues = rowIssuesOf(error);
      setState(issues.length > 0 ? { status: 'invalid', name, message: (error as Error).message, issues } : { status: 'failed', name, error });
    }
  };
  return { state, upload: (file: File) => void upload(file), reset: () => setState({ status: 'idle' }) };
}
