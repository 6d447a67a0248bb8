import { parentPort } from 'node:worker_threads';
import type { ErrorCode } from '@legal/api';
import { AppError, type LocalizedText } from '../../../platform/http/errors';
import { assembleSignedPdf, type AssembleInput } from './assemble';

/**
 * The worker thread's side of `assembleOffThread` (assemble-off-thread.ts): one assembly per
 * message, answered with the same id. Buffers arrive as Uint8Arrays (structured clone) and are
 * made Buffers again; an error goes back as its code, texts and data.
 */
export interface AssembleRequest {
  id: number;
  input: AssembleInput;
}
export type AssembleReply =
  | { id: number; ok: true; pdf: Uint8Array; sha256: string; flattenedSha256: string }
  | { id: number; ok: false; code: ErrorCode; text: LocalizedText | undefined; data: Record<string, unknown> | undefined; message: string };

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

parentPort?.on('message', (request: AssembleRequest) => {
  const { input } = request;
  const revived: AssembleInput = {
    ...input,
    original: asBuffer(input.original),
    stamps: input.stamps.map((s) => ({ ...s, imagePng: s.imagePng ? asBuffer(s.imagePng) : s.imagePng })),
    identity: { ...input.identity, p12: asBuffer(input.identity.p12) },
  };
  assembleSignedPdf(revived).then(
    (result) => parentPort!.postMessage({ id: request.id, ok: true, ...result } satisfies AssembleReply),
    (error: unknown) =>
      parentPort!.postMessage({
        id: request.id,
        ok: false,
        code: error instanceof AppError ? error.code : 'ERROR_INTERNAL',
        text: error instanceof AppError ? error.text : undefined,
        data: error instanceof AppError ? error.data : undefined,
        message: error instanceof Error ? error.message : String(error),
      } satisfies AssembleReply),
  );
});
