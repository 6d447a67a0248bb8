export * from './document-types';
export { sniffFileType } from './sniff';
export { checkZipSafety, checkXmlSafety, readCentralDirectory, DEFAULT_ZIP_LIMITS, type ZipLimits, type ZipEntryInfo } from './zip-safety';
export { inspectZip, verifyZip, type ZipInspection } from './zip-inflate';
export { extractDocument, type ExtractOptions } from './extract';
export { buildStructure, listArticles, type RawBlock, type StructureInput } from './structure';
export { configureOcr, shutdownOcr, OCR_LANGUAGES, type OcrLanguage } from './ocr';
export { detectLanguage } from './text-decode';
export { convertDocxToPdf, findSoffice, type PdfOptions } from './pdf-convert';
