import { once } from 'node:events';
import type { Readable } from 'node:stream';
import archiver from 'archiver';
import type { Logger } from 'pino';

/** One file of an archive; its bytes are opened only when the archive gets to it. */
export interface ZipEntry {
  name: string;
  open: () => Readable | Promise<Readable>;
  /** No compression (already compressed content: PDFs, Office files, images). */
  isStored?: boolean;
}

/**
 * A ZIP (with ZIP64 past 4 GB) streamed from entries produced one at a time: the next entry is
 * opened only once the previous one is written, so memory and open files stay constant however
 * large the archive, and a slow reader slows the producer (back-pressure). When the reader goes
 * away the production stops.
 */
export function zipStream(entries: AsyncIterable<ZipEntry>, logger: Logger): Readable {
  const archive = archiver('zip', { zlib: { level: 6 } });
  const stopped = new AbortController();
  archive.once('close', () => stopped.abort());
  archive.on('error', (err) => {
    logger.warn({ err }, 'archive stream failed');
    stopped.abort();
  });
  void (async () => {
    for await (const entry of entries) {
      if (stopped.signal.aborted) return;
      const written = once(archive, 'entry', { signal: stopped.signal });
      archive.append(await entry.open(), { name: entry.name, store: entry.isStored ?? false });
      await written;
    }
    await archive.finalize();
  })().catch((err: unknown) => {
    if (stopped.signal.aborted) return;
    logger.warn({ err }, 'archive production failed');
    archive.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return archive;
}

/** A display name as a ZIP path segment: no directories, no control characters, not hidden. */
export function zipSafeName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_').replace(/^[.\s]+/, '').trim().slice(0, 200);
  return clean || 'file';
}
