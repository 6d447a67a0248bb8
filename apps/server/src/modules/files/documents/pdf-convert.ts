import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '../../../platform/http/errors';

// DOCX -> PDF by LibreOffice (`soffice --headless --convert-to pdf`), one conversion at a time:
// each runs in its own temporary directory with its own LibreOffice profile, is killed (with its
// children) after the timeout, and leaves nothing behind.

export interface PdfOptions {
  /** A PATH to look for soffice in instead of the server's own (tests use one without it). */
  path?: string;
  /** Default 60 s. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * Where soffice is: searched in the given PATH, else asked of the shell (`command -v`, which uses
 * the server's own PATH). Null when there is none.
 */
export function findSoffice(searchPath?: string): string | null {
  if (searchPath === undefined) {
    const found = spawnSync('sh', ['-c', 'command -v soffice'], { encoding: 'utf8', timeout: 5000 });
    return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
  }
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, 'soffice');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

let queue: Promise<unknown> = Promise.resolve();

/** Runs conversions one after the other: LibreOffice is heavy, and two at once contend for the CPU. */
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const result = queue.then(task, task);
  queue = result.catch(() => undefined);
  return result;
}

/**
 * The DOCX as PDF. Throws AppError ERROR_PDF_CONVERTER_UNAVAILABLE (503) when soffice is not on the
 * PATH, ERROR_INTERNAL when the conversion fails or outlasts the timeout.
 */
export function convertDocxToPdf(docx: Buffer | Uint8Array, options: PdfOptions = {}): Promise<Buffer> {
  const soffice = findSoffice(options.path);
  if (!soffice) return Promise.reject(new AppError('ERROR_PDF_CONVERTER_UNAVAILABLE'));
  return oneAtATime(() => convert(soffice, docx, options.timeoutMs ?? DEFAULT_TIMEOUT_MS));
}

async function convert(soffice: string, docx: Buffer | Uint8Array, timeoutMs: number): Promise<Buffer> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'legal-pdf-'));
  try {
    const input = path.join(dir, 'document.docx');
    await fs.promises.writeFile(input, docx);
    const profile = `file://${path.join(dir, 'profile')}`;
    const args = ['--headless', '--norestore', '--nolockcheck', '--nodefault', `-env:UserInstallation=${profile}`, '--convert-to', 'pdf', '--outdir', dir, input];
    await run(soffice, args, timeoutMs);
    const output = path.join(dir, 'document.pdf');
    try {
      return await fs.promises.readFile(output);
    } catch (cause) {
      throw new AppError('ERROR_INTERNAL', { message: { ko: 'PDF 변환에 실패했습니다.', en: 'The PDF conversion failed.' }, cause });
    }
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

function run(command: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    // Its own process group, so the timeout kills soffice.bin and any helper it started too.
    const child = spawn(command, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let timedOut = false;
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.on('error', (cause) => {
      clearTimeout(timer);
      const missing = (cause as NodeJS.ErrnoException).code === 'ENOENT';
      reject(missing ? new AppError('ERROR_PDF_CONVERTER_UNAVAILABLE', { cause }) : new AppError('ERROR_INTERNAL', { cause }));
    });
    // 'close' comes once the process group is gone, so the caller's clean-up runs after it.
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) reject(new AppError('ERROR_INTERNAL', { message: { ko: 'PDF 변환이 너무 오래 걸려 중단했습니다.', en: 'The PDF conversion took too long and was stopped.' } }));
      else if (code === 0) resolve();
      else reject(new AppError('ERROR_INTERNAL', { message: { ko: 'PDF 변환에 실패했습니다.', en: 'The PDF conversion failed.' }, cause: new Error(`soffice exited with ${code}: ${stderr.slice(0, 500)}`) }));
    });
  });
}
