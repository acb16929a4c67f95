import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { WsError } from '../errors.js';

export interface LockOptions {
  /** How long to wait for another writer before giving up. */
  waitMs?: number;
  /** A lock older than this is stale even if its process seems alive (pids are reused). */
  staleMs?: number;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Whether the process that wrote the lock file is gone, so that the lock was left by a crash. */
function isStale(lockFile: string, staleMs: number): boolean {
  let text: string;
  let mtimeMs: number;
  try {
    text = readFileSync(lockFile, 'utf8');
    mtimeMs = statSync(lockFile).mtimeMs;
  } catch {
    return false; // gone already, or unreadable: the next try tells
  }
  if (Date.now() - mtimeMs > staleMs) return true;
  const pid = Number(text.split('\n')[0]);
  // a lock being written is empty for a moment: not stale
  if (!Number.isSafeInteger(pid) || pid <= 0) return text !== '' && Date.now() - mtimeMs > 1_000;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Runs `work` while holding `<file>.lock`, created with O_EXCL so that only one ws at a time does a
 * read-modify-write of the config file; parallel `ws config set` would otherwise lose each other's
 * changes. A lock left by a process that died is removed.
 */
export async function withFileLock<T>(file: string, work: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const lockFile = `${file}.lock`;
  const deadline = Date.now() + (options.waitMs ?? 10_000);
  const staleMs = options.staleMs ?? 30_000;
  let fd: number | undefined;
  for (let attempt = 0; fd === undefined; attempt++) {
    try {
      fd = openSync(lockFile, 'wx', 0o600);
    } catch (error) {
      // a folder this user may not write: the caller (src/config/store.ts) says what to set instead
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // (two writers that find the same stale lock at the same moment could both remove it, the second
      // one the first one's new lock: only after a crash, and the window is a few microseconds)
      if (isStale(lockFile, staleMs)) {
        rmSync(lockFile, { force: true });
        continue;
      }
      if (Date.now() > deadline) {
        throw new WsError('api', `the config file ${file} is locked by another ws (${lockFile})`, {
          code: 'config_locked',
          hint: `if no other ws is running, delete ${lockFile} and try again`,
        });
      }
      await sleep(5 + Math.random() * Math.min(100, 10 * 2 ** Math.min(attempt, 4)));
    }
  }
  try {
    try {
      writeSync(fd, `${process.pid}\n`);
    } finally {
      closeSync(fd);
    }
    return await work();
  } finally {
    rmSync(lockFile, { force: true });
  }
}
