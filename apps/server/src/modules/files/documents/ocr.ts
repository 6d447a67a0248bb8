import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';

/**
 * OCR with tesseract.js, fully offline: the traineddata comes from the installed
 * @tesseract.js-data/<lang> packages (LSTM "best_int" models), gathered into one local folder
 * because tesseract.js reads every language from a single `langPath`. One worker is created lazily,
 * shared by every caller (jobs run one at a time), and stopped by `shutdownOcr()`.
 */
export const OCR_LANGUAGES = ['kor', 'eng'] as const;
export type OcrLanguage = (typeof OCR_LANGUAGES)[number];

export interface OcrResult {
  text: string;
  /** 0-100, as reported by tesseract. */
  confidence: number;
}

const require = createRequire(import.meta.url);
const MODEL_FOLDER = '4.0.0_best_int';

let workerPromise: Promise<Worker> | null = null;
let workerLanguages = '';
let queue: Promise<unknown> = Promise.resolve();

export function normalizeOcrLanguages(languages: readonly string[] | undefined): OcrLanguage[] {
  const wanted = (languages?.length ? languages : OCR_LANGUAGES).map((l) => l.toLowerCase());
  const unknown = wanted.filter((l) => !(OCR_LANGUAGES as readonly string[]).includes(l));
  if (unknown.length > 0) throw new Error(`OCR language not installed: ${unknown.join(', ')} (available: ${OCR_LANGUAGES.join(', ')})`);
  return [...new Set(wanted)] as OcrLanguage[];
}

/** Recognizes one image (PNG, JPEG, TIFF, BMP bytes). Calls are serialized on the shared worker. */
export function recognizeImage(image: Buffer, languages: readonly OcrLanguage[] = OCR_LANGUAGES): Promise<OcrResult> {
  const job = queue.then(async () => {
    const worker = await getWorker(languages);
    const { data } = await worker.recognize(image);
    return { text: data.text, confidence: data.confidence };
  });
  queue = job.catch(() => undefined);
  return job;
}

/** Terminates the shared worker (tests, graceful shutdown). Safe to call when none is running. */
export async function shutdownOcr(): Promise<void> {
  const pending = workerPromise;
  workerPromise = null;
  workerLanguages = '';
  if (!pending) return;
  await queue;
  const worker = await pending.catch(() => null);
  await worker?.terminate();
}

async function getWorker(languages: readonly OcrLanguage[]): Promise<Worker> {
  const langs = languages.join('+');
  if (workerPromise && workerLanguages === langs) return workerPromise;
  if (workerPromise) {
    const worker = await workerPromise;
    await worker.reinitialize(langs, OEM.LSTM_ONLY);
    workerLanguages = langs;
    return worker;
  }
  workerLanguages = langs;
  workerPromise = createWorker(langs, OEM.LSTM_ONLY, {
    langPath: gatherLanguageFolder(),
    cacheMethod: 'none',
    gzip: true,
    // The failing job's promise already rejects; without a handler tesseract.js also throws
    // from its message listener (an uncaught exception).
    errorHandler: () => undefined,
  });
  workerPromise.catch(() => {
    workerPromise = null;
    workerLanguages = '';
  });
  return workerPromise;
}

let languageFolder: string | null = null;

/**
 * Points OCR at a prepared folder holding `kor.traineddata.gz` and `eng.traineddata.gz` (for
 * hosts whose temp directory is read-only). By default the files are gathered into the OS temp
 * directory on first use.
 */
export function configureOcr(options: { languageFolder: string }): void {
  languageFolder = options.languageFolder;
}

/** Copies `<lang>.traineddata.gz` of every installed language into one folder (once per process). */
function gatherLanguageFolder(): string {
  if (languageFolder) return languageFolder;
  const folder = path.join(os.tmpdir(), `legal-tessdata-${MODEL_FOLDER}`);
  fs.mkdirSync(folder, { recursive: true });
  for (const lang of OCR_LANGUAGES) {
    const source = require.resolve(`@tesseract.js-data/${lang}/${MODEL_FOLDER}/${lang}.traineddata.gz`);
    const target = path.join(folder, `${lang}.traineddata.gz`);
    const existing = fs.statSync(target, { throwIfNoEntry: false });
    if (!existing || existing.size !== fs.statSync(source).size) {
      const temporary = `${target}.${process.pid}.tmp`;
      fs.copyFileSync(source, temporary);
      fs.renameSync(temporary, target);
    }
  }
  languageFolder = folder;
  return folder;
}
