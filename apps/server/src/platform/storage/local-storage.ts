import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { assertObjectKey, type ByteRange, MeteredStream, type ObjectInfo, type ObjectStorage, type StoredObject } from './storage';

/**
 * Files on local disk under one root. A put writes to a temporary `.part` file and renames it
 * into place, so a crash never leaves a half-written object under its key.
 */
export class LocalStorage implements ObjectStorage {
  readonly driver = 'local' as const;

  constructor(private readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
  }

  private pathOf(key: string): string {
    assertObjectKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error('object key escapes the storage root');
    return full;
  }

  async put(key: string, body: Readable, options: { maxBytes: number }): Promise<StoredObject> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.part-${randomBytes(6).toString('hex')}`;
    const meter = new MeteredStream(options.maxBytes);
    try {
      await pipeline(body, meter, fs.createWriteStream(temp, { flags: 'wx' }));
      await fsp.rename(temp, target);
    } catch (err) {
      await fsp.rm(temp, { force: true });
      throw err;
    }
    return { key, size: meter.bytes, sha256: meter.digest() };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    await fsp.access(file);
    return fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const stat = await fsp.stat(this.pathOf(key));
      return { key, size: stat.size, lastModified: stat.mtime };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<ObjectInfo> {
    const base = path.resolve(this.root);
    const start = path.join(base, prefix);
    const walk = async function* (dir: string): AsyncIterable<ObjectInfo> {
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) yield* walk(full);
        else {
          const stat = await fsp.stat(full);
          yield { key: path.relative(base, full).split(path.sep).join('/'), size: stat.size, lastModified: stat.mtime };
        }
      }
    };
    const folder = prefix.endsWith('/') ? start : path.dirname(start);
    for await (const info of walk(folder)) if (info.key.startsWith(prefix)) yield info;
  }
}
