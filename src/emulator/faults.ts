/** A fault to inject: an HTTP status (429 comes with Retry-After) or a dropped connection. */
export type Fault = { kind: 'status'; status: number; retryAfter?: number } | { kind: 'reset' };

export interface ScriptedFault {
  method?: string;
  /** A regular expression matched against the path below /public/v3, e.g. "^/queries$". */
  path: string;
  status?: number;
  retryAfter?: number;
  reset?: boolean;
  /** How many matching requests get the fault. */
  times: number;
}

/** mulberry32: a small seeded generator, so a run with the same seed injects the same faults. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Decides, per request, whether to fail it: scripted faults first (exact tests), then random ones at
 * `rate` (resilience tests) drawn from a seeded stream.
 */
export class Faults {
  private scripted: (ScriptedFault & { pattern: RegExp })[] = [];
  private readonly random: () => number;

  constructor(
    private readonly rate: number,
    seed: number,
  ) {
    this.random = seededRandom(seed);
  }

  script(fault: ScriptedFault): void {
    this.scripted.push({ ...fault, pattern: new RegExp(fault.path) });
  }

  clear(): void {
    this.scripted = [];
  }

  list(): ScriptedFault[] {
    return this.scripted.map(({ pattern: _pattern, ...fault }) => fault);
  }

  next(method: string, path: string): Fault | undefined {
    const scripted = this.scripted.find((f) => f.times > 0 && (!f.method || f.method.toUpperCase() === method) && f.pattern.test(path));
    if (scripted) {
      scripted.times--;
      if (scripted.reset) return { kind: 'reset' };
      const status = scripted.status ?? 503;
      const retryAfter = scripted.retryAfter ?? (status === 429 ? 1 : undefined);
      return { kind: 'status', status, ...(retryAfter !== undefined ? { retryAfter } : {}) };
    }
    if (this.rate <= 0 || this.random() >= this.rate) return undefined;
    const pick = this.random();
    if (pick < 1 / 3) return { kind: 'status', status: 429, retryAfter: 1 };
    if (pick < 2 / 3) return { kind: 'status', status: 503 };
    return { kind: 'reset' };
  }
}
