import { parseDuration } from '../../../duration.js';
import { usageError } from '../../../errors.js';
import { isLoopback } from '../../../api/loopback.js';
import { defaultApiKey, type EmulatorOptions } from '../../../emulator/emulator.js';
import type { Emulator } from '../declaration.js';

/** The flags of `ws emulator start` and `ws emulator exec` (the same), as their declaration types them. */
type EmulatorFlags = Emulator['start']['opts'];

const sizeUnits: Record<string, number> = { '': 1, b: 1, kb: 1e3, mb: 1e6, gb: 1e9, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3 };

/** `1MiB`, `512KiB`, `2GB`, `1048576` (bytes) into bytes. */
export function parseSize(text: string, flag: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(text.trim());
  const unit = sizeUnits[match?.[2]?.toLowerCase() ?? 'none'];
  const bytes = match && unit ? Math.floor(Number(match[1]) * unit) : 0;
  if (!(bytes >= 1)) throw usageError(`invalid size for ${flag}: "${text}"`, 'use a number of bytes with a unit: 512KiB, 1MiB, 2GiB (or kB, MB, GB)');
  return bytes;
}

function positiveDuration(text: string, flag: string): number {
  const ms = parseDuration(text, flag);
  if (ms <= 0) throw usageError(`invalid ${flag} "${text}": must be more than 0`);
  return ms;
}

/** A DNS name (or an IPv4 address): labels of letters, digits and inner hyphens. */
const hostName = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** Checks the flags before anything starts: the emulator listens on loopback only. */
export function emulatorOptions(flags: EmulatorFlags): EmulatorOptions {
  if (!isLoopback(flags.host))
    throw usageError(`--host ${flags.host} is not a loopback address`, 'the emulator serves this machine only: use 127.0.0.1, ::1 or localhost');
  if (flags.port > 65_535) throw usageError(`--port ${flags.port} is above 65535`);
  const faultRate = flags.faultRate === undefined ? 0 : Number(flags.faultRate);
  if (!(faultRate >= 0 && faultRate <= 1)) throw usageError(`invalid --fault-rate "${flags.faultRate}": must be a number from 0 to 1`);
  const keys = flags.apiKey ?? [defaultApiKey];
  for (const key of keys) {
    if (!/^[A-Za-z0-9_.-]+(:[a-z0-9_-]+)?$/.test(key)) {
      throw usageError(`invalid --api-key "${key}"`, 'use letters, digits, _ . - for the key, and optionally :org with a-z 0-9 _ - for its organization');
    }
  }
  for (const name of flags.allowHost ?? []) {
    if (!hostName.test(name) || name.length > 253) {
      throw usageError(
        `invalid --allow-host "${name}": must be a host name alone`,
        'give the name without a scheme or port, e.g. --allow-host ws.dev.test: it is served on any port',
      );
    }
  }
  if (flags.threads !== undefined && (flags.threads < 1 || flags.threads > 64)) throw usageError(`invalid --threads ${flags.threads}: must be from 1 to 64`);
  if (!knownTimeZone(flags.timeZone))
    throw usageError(`invalid --time-zone "${flags.timeZone}": not a time zone name`, 'give an IANA name, e.g. UTC or Europe/Berlin');
  return {
    port: flags.port,
    host: flags.host.replace(/^\[|\]$/g, ''),
    ...(flags.allowHost ? { allowHosts: flags.allowHost.map((name) => name.toLowerCase()) } : {}),
    ...(flags.dataDir ? { dataDir: flags.dataDir } : {}),
    apiKeys: keys,
    seed: flags.seed,
    latencyMs: flags.latency ? parseDuration(flags.latency, '--latency') : 0,
    faultRate,
    faultSeed: flags.faultSeed,
    stepMs: parseDuration(flags.stepDuration ?? '300ms', '--step-duration'),
    ...(flags.maxBodySize ? { maxBodyBytes: parseSize(flags.maxBodySize, '--max-body-size') } : {}),
    ...(flags.runTimeout ? { runTimeoutMs: positiveDuration(flags.runTimeout, '--run-timeout') } : {}),
    ...(flags.memoryLimit ? { memoryLimitBytes: parseSize(flags.memoryLimit, '--memory-limit') } : {}),
    ...(flags.threads !== undefined ? { threads: flags.threads } : {}),
    ...(flags.maxResultSize ? { maxResultBytes: parseSize(flags.maxResultSize, '--max-result-size') } : {}),
    timeZone: flags.timeZone,
  };
}

/** Whether ICU, which DuckDB's time zones come from too, knows the name. */
function knownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return /^[A-Za-z0-9_+\-/]+$/.test(name);
  } catch {
    return false;
  }
}
