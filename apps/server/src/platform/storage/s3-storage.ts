import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import { assertObjectKey, type ByteRange, MeteredStream, type ObjectInfo, type ObjectStorage, type StoredObject } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, Ceph, R2...): their URL. Absent for AWS. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
}

/** Any S3-compatible object store. Uploads stream as multipart; an aborted upload leaves nothing. */
export class S3Storage implements ObjectStorage {
  readonly driver = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
    });
  }

  async put(key: string, body: Readable, options: { maxBytes: number; contentType?: string }): Promise<StoredObject> {
    assertObjectKey(key);
    const meter = new MeteredStream(options.maxBytes);
    body.on('error', (err) => meter.destroy(err));
    body.pipe(meter);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.options.bucket, Key: key, Body: meter, ContentType: options.contentType ?? 'application/octet-stream' },
      queueSize: 2,
      partSize: 8 * 1024 * 1024,
      leavePartsOnError: false,
    });
    const failed = new Promise<never>((_, reject) => meter.once('error', reject));
    try {
      await Promise.race([upload.done(), failed]);
    } catch (err) {
      await upload.abort().catch(() => undefined);
      await this.delete(key).catch(() => undefined);
      throw err;
    }
    return { key, size: meter.bytes, sha256: meter.digest() };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertObjectKey(key);
    const result = await this.client.send(
      new GetObjectCommand({ Bucket: this.options.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
    );
    return result.Body as Readable;
  }

  async head(key: string): Promise<ObjectInfo | null> {
    assertObjectKey(key);
    try {
      const result = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return { key, size: result.ContentLength ?? 0, lastModified: result.LastModified ?? new Date(0) };
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (err as Error).name === 'NotFound') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertObjectKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  async *list(prefix: string): AsyncIterable<ObjectInfo> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key) yield { key: item.Key, size: item.Size ?? 0, lastModified: item.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close() {
    this.client.destroy();
  }
}
