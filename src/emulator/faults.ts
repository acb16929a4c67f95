/** A fault to inject: an HTTP status (429 comes with Retry-After) or a dropped connection. */
export type Fault = { kind: 'status'; status: number; retryAfter?: number } | { kind: 'reset' };

export interface ScriptedFault {
  method?: string;
  /** A path pattern matched against the path below /public/v3, e.g. "^/queries$" (see PathPattern). */
  path: string;
  status?: number;
  retryAfter?: number;
  reset?: boolean;
  /** How many matching requests get the fault. */
  times: number;
}

const maxPatternLength = 256;

/**
 * A fault's path pattern: literal text where `*` stands for any characters within one path segment,
 * `^` at the start and `$` at the end anchor it (as in a regular expression; without them it matches
 * anywhere in the path). Matched in time proportional to pattern × path length: no user-built regular
 * expression, so no pattern can freeze the server.
 */
export class PathPattern {
  private readonly pieces: string;
  private readonly anchoredStart: boolean;
  private readonly anchoredEnd: boolean;

  constructor(readonly source: string) {
    if (source.length > maxPatternLength) throw new Error(`path pattern longer than ${maxPatternLength} characters`);
    const unsupported = /[\\()[\]{}+?|.]/.exec(source.replace(/^\^/, '').replace(/\$$/, ''));
    if (unsupported) throw new Error(`path pattern "${source}": "${unsupported[0]}" is not supported; use literal text, * within a segment, ^ and $`);
    this.anchoredStart = source.startsWith('^');
    this.anchoredEnd = source.length > (this.anchoredStart ? 1 : 0) && source.endsWith('$');
    this.pieces = source.slice(this.anchoredStart ? 1 : 0, this.anchoredEnd ? -1 : undefined);
  }

  test(path: string): boolean {
    // An unanchored side is a `*` that may also cross segments.
    const pattern = this.pieces;
    const n = path.length;
    // reach[j]: the pattern read so far can end just before path[j]
    let reach: boolean[] = Array.from({ length: n + 1 }, (_, j) => j === 0 || !this.anchoredStart);
    for (const char of pattern) {
      const next: boolean[] = new Array<boolean>(n + 1).fill(false);
      if (char === '*') {
        for (let j = 0; j <= n; j++) next[j] = reach[j]! || (j > 0 && next[j - 1]! && path[j - 1] !== '/');
      } else {
        for (let j = 1; j <= n; j++) next[j] = reach[j - 1]! && path[j - 1] === char;
      }
      reach = next;
    }
    return this.anchoredEnd ? reach[n]! : reach.some(Boolean);
  }
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
  private scripted: (ScriptedFault & { pattern: PathPattern })[] = [];
  private readonly random: () => number;

  constructor(
    private readonly rate: number,
    seed: number,
  ) {
    this.random = seededRandom(seed);
  }

  script(fault: ScriptedFault): void {
    this.scripted.push({ ...fault, pattern: new PathPattern(fault.path) });
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
