import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import { contentDisposition } from '../http/content-disposition';

/** The media type of an .xlsx workbook (every Excel export). */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook ready to stream: its file name, whether rows were cut, and the writer. */
export interface PreparedWorkbook {
  fileName: string;
  isTruncated: boolean;
  /** Writes the workbook into `out`, stopping early once `shouldStop()` turns true; resolves with the rows written. */
  write(out: Writable, shouldStop: () => boolean): Promise<number>;
}

/**
 * Streams a workbook as the reply: the download headers (Korean file name, `X-Export-Truncated`),
 * the rows written as they are read, and a failure mid-stream logged and ending the response
 * (the headers are gone by then, so there is no error envelope to send).
 */
export function sendWorkbook(reply: FastifyReply, workbook: PreparedWorkbook, log: { logger: Logger; requestId: string; what: string }) {
  const body = new PassThrough();
  let isClientGone = false;
  reply.raw.on('close', () => {
    isClientGone = !reply.raw.writableFinished;
  });
  workbook.write(body, () => isClientGone).catch((err: unknown) => {
    log.logger.error({ err, reqId: log.requestId }, `${log.what} failed mid-stream`);
    body.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', contentDisposition(workbook.fileName))
    .header('x-export-truncated', String(workbook.isTruncated))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(body);
}
