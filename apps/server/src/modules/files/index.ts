import { defineModule } from '../../platform/module';
import { shutdownOcr } from './documents';
import { filesJobs, scheduleFilesMaintenance } from './files.jobs';
import { registerFileRoutes } from './files.routes';
import * as filesTables from './files.table';

/** The files module (service prefix arxive, catalogue 7.4): storage, revisions, text extraction. */
export const filesModule = defineModule({
  name: 'files',
  product: null,
  routes: registerFileRoutes,
  jobs: filesJobs(),
  schedule: (services) => scheduleFilesMaintenance(services),
  tables: filesTables,
  shutdown: () => shutdownOcr(),
});

// What other modules use of this one (through this file only; see docs/adding-a-service.md).
export { filePages, fileRevisions, files, workspaceStorage } from './files.table';
export { contentDisposition, newFileKey, normalizeDisplayName } from './files.policy';
/** Unchecked: any file of the scope. A key that comes from a caller goes through findReadableFile(s). */
export { findFile } from './files.repo';
export { canReadFile, findReadableFile, findReadableFiles, readableFileWhere } from './files.access';
/** For the module attaching files to its record, in that transaction: uploads made for it are no longer pending (never collected). */
export { claimPendingAttachments } from './files.repo';
/** The files' queries, for modules that keep files of their own (contract documents). */
export * as filesRepo from './files.repo';
export type { FileRow, FoundFile } from './files.repo';
export type { ReadableFile } from './files.access';
export { recordFileDownload, sendRevision } from './file-download';
export { MIME_TYPES, SNIFF_BYTES, extractDocument, sniffFileType, verifyZip } from './documents';
/** DOCX -> PDF with LibreOffice headless (standard-forms renders, e-sign converts a DOCX to sign). */
export { convertDocxToPdf, findSoffice, type PdfOptions } from './documents';
export type { FileType } from './documents';
/** The reading of one HWPX section (paragraphs and tables), for the standard forms' HWPX templates. */
export { sectionToBlocks } from './documents';
export { extractFileTextJob } from './files.jobs';
export { checkContainer, peek, receiveUpload } from './files.upload';
/** An upload through another module's route (the same checks, quota, extraction job and audit as POST arxive/files/v2). */
export { uploadFile } from './files.service';
/** A file of the caller from bytes another module's route made (a rendered document): the same rules as an upload. */
export { saveGeneratedFile } from './files.service';
