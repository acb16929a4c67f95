import { parseDuration } from '../../duration.js';
import { usageError } from '../../errors.js';
import { isLoopback } from '../../ids.js';
import { defaultApiKey, type EmulatorOptions } from '../../emulator/emulator.js';
import type { EmulatorFlags } from './index.js';

/** Checks the flags before anything starts: the emulator listens on loopback only. */
export function emulatorOptions(flags: EmulatorFlags): EmulatorOptions {
  if (!isLoopback(flags.host)) throw usageError(`--host ${flags.host} is not a loopback address`, 'the emulator serves this machine only: use 127.0.0.1, ::1 or localhost');
  if (flags.port > 65_535) throw usageError(`--port ${flags.port} is above 65535`);
  const faultRate = flags.faultRate === undefined ? 0 : Number(flags.faultRate);
  if (!(faultRate >= 0 && faultRate <= 1)) throw usageError(`invalid --fault-rate "${flags.faultRate}": must be a number from 0 to 1`);
  const keys = flags.apiKey ?? [defaultApiKey];
  for (const key of keys) {
    if (!/^[A-Za-z0-9_.-]+(:[a-z0-9_-]+)?$/.test(key)) {
      throw usageError(`invalid --api-key "${key}"`, 'use letters, digits, _ . - for the key, and optionally :org with a-z 0-9 _ - for its organization');
    }
  }
  return {
    port: flags.port,
    host: flags.host.replace(/^\[|\]$/g, ''),
    ...(flags.dataDir ? { dataDir: flags.dataDir } : {}),
    apiKeys: keys,
    seed: flags.seed,
    latencyMs: flags.latency ? parseDuration(flags.latency, '--latency') : 0,
    faultRate,
    faultSeed: flags.faultSeed,
    stepMs: parseDuration(flags.stepDuration ?? '300ms', '--step-duration'),
  };
}
