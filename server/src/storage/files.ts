import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { finished, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { entityTooLarge, uploadIncomplete } from './errors';

/** A temp file nobody has written to for this long belongs to no upload in progress (they time out when idle). */
const LEFTOVER_AGE_MS = 60 * 60 * 1000;

/** Bytes kept from the start of every upload for magic-number checks. */
const HEAD_BYTES = 64;

export interface ReceivedFile {
  tempPath: string;
  size: number;
  md5: string;
  head: Buffer;
}

/**
 * Object bytes live at `<root>/<bucket>/<key>/~<version>`: each key is a directory holding its current version.
 * That lets key `a` and key `a/b` coexist (as in Supabase), makes an overwrite a new file that only becomes visible when
 * its row commits, and no key segment can clash with a version file because keys never contain `~`.
 */
export class ObjectFiles {
  private readonly root: string;
  private readonly tempDir: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'storage');
    // Same file system as the objects, so placing a file is an atomic rename.
    this.tempDir = resolve(dataDir, 'storage-tmp');
  }

  /**
   * Removes the temp files of uploads that were cut short by a crash or a stop: nothing refers to them any more. Other
   * gateway processes may share the directory and be receiving uploads right now, so only files untouched for far
   * longer than an upload may sit idle are taken.
   */
  async removeLeftoverTempFiles(): Promise<void> {
    const names = await readdir(this.tempDir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    const cutoff = Date.now() - LEFTOVER_AGE_MS;
    await Promise.all(
      names.map(async (name) => {
        const path = join(this.tempDir, name);
        const stale = await stat(path).then(
          (stats) => stats.mtimeMs < cutoff,
          () => false,
        );
        if (stale) await rm(path, { recursive: true, force: true });
      }),
    );
  }

  /**
   * Streams an upload to a temp file, refusing it as soon as it exceeds `maxBytes`. The temp file is removed whenever
   * the upload does not complete: a refusal, a source that fails or closes early, or `abandoned` firing.
   */
  async receive(source: Readable, maxBytes: number, abandoned: AbortSignal): Promise<ReceivedFile> {
    await mkdir(this.tempDir, { recursive: true });
    abandoned.throwIfAborted();
    const tempPath = join(this.tempDir, randomUUID());
    const hash = createHash('md5');
    const headChunks: Buffer[] = [];
    let headLength = 0;
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > maxBytes) {
          callback(entityTooLarge());
          return;
        }
        if (headLength < HEAD_BYTES) {
          headChunks.push(chunk.subarray(0, HEAD_BYTES - headLength));
          headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
        }
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    // The source is piped rather than handed to pipeline(): on a refusal the request must stay open (and be drained)
    // so the client can still read the error, instead of seeing its connection destroyed.
    const fail = (error: Error) => meter.destroy(error);
    // Busboy destroys its file stream without an error when the request dies, so closing early counts as failing.
    const stopWatchingSource = finished(source, { writable: false }, (error) => {
      if (error) fail(error.code === 'ERR_STREAM_PREMATURE_CLOSE' ? uploadIncomplete() : error);
    });
    const onAbandoned = () => fail(abandoned.reason as Error);
    abandoned.addEventListener('abort', onAbandoned, { once: true });
    source.pipe(meter);
    const target = createWriteStream(tempPath, { flags: 'wx', mode: 0o600 });
    try {
      await pipeline(meter, target);
    } catch (error) {
      source.unpipe(meter);
      source.resume();
      // The file is opened asynchronously: an upload that fails at once must not have it created after the removal.
      if (!target.closed) await new Promise<void>((resolve) => target.once('close', () => resolve()));
      await rm(tempPath, { force: true });
      throw error;
    } finally {
      stopWatchingSource();
      abandoned.removeEventListener('abort', onAbandoned);
    }
    return { tempPath, size, md5: hash.digest('hex'), head: Buffer.concat(headChunks) };
  }

  async discard(file: ReceivedFile): Promise<void> {
    await rm(file.tempPath, { force: true });
  }

  /** Moves a received file to its version path; safe before commit because nothing points at a new version yet. */
  async place(file: ReceivedFile, bucket: string, key: string, version: string): Promise<void> {
    await this.moveIn(file.tempPath, bucket, key, version);
  }

  /**
   * Puts a copy of a file that is already on disk at a version path whose row exists (the seed's documents, whose rows
   * the SQL seed writes). Copied into the temp directory first, so the version file appears whole or not at all.
   */
  async copyIn(source: string, bucket: string, key: string, version: string): Promise<void> {
    await mkdir(this.tempDir, { recursive: true });
    const tempPath = join(this.tempDir, randomUUID());
    try {
      await copyFile(source, tempPath);
      await this.moveIn(tempPath, bucket, key, version);
    } catch (error) {
      await rm(tempPath, { force: true });
      throw error;
    }
  }

  /** Whether a version's file is there. */
  async has(bucket: string, key: string, version: string): Promise<boolean> {
    return stat(this.pathOf(bucket, key, version)).then(
      (info) => info.isFile(),
      () => false,
    );
  }

  private async moveIn(tempPath: string, bucket: string, key: string, version: string): Promise<void> {
    const target = this.pathOf(bucket, key, version);
    try {
      await mkdir(dirname(target), { recursive: true });
      await rename(tempPath, target);
    } catch (error) {
      // A concurrent delete may prune the directory between mkdir and rename; one retry settles it.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await mkdir(dirname(target), { recursive: true });
      await rename(tempPath, target);
    }
  }

  /** Removes one version and prunes the directories it leaves empty, up to the bucket directory. */
  async remove(bucket: string, key: string, version: string): Promise<void> {
    const target = this.pathOf(bucket, key, version);
    await rm(target, { force: true });
    const bucketDir = this.bucketDir(bucket);
    for (let dir = dirname(target); dir !== bucketDir && dir.startsWith(bucketDir + sep); dir = dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        // Not empty (another key or version lives there) or already gone: either way, stop pruning.
        break;
      }
    }
  }

  /** Opens a version for reading, or returns undefined when its file is missing. */
  async open(bucket: string, key: string, version: string): Promise<{ stream: ReadStream; size: number } | undefined> {
    const target = this.pathOf(bucket, key, version);
    try {
      const info = await stat(target);
      if (!info.isFile()) return undefined;
      return { stream: createReadStream(target), size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  private bucketDir(bucket: string): string {
    return join(this.root, bucket);
  }

  /** Keys are validated before they get here; the containment check is a second line of defence. */
  private pathOf(bucket: string, key: string, version: string): string {
    const target = resolve(this.bucketDir(bucket), ...key.split('/'), `~${version}`);
    const inside = relative(this.root, target);
    if (inside.startsWith('..') || resolve(this.root, inside) !== target)
      throw new Error(`object path escapes storage root: ${key}`);
    return target;
  }
}
