import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { HttpClient, type HttpOptions } from './api/http.js';
import type { RequestHints } from './api/http-errors.js';
import { apiKeyProblem, maxAttempts, resolveSettings, type GlobalOptions, type Settings } from './config/settings.js';
import { WsError, usageError, type ErrorIds } from './errors.js';
import { Interruption } from './interruption.js';
import type { KeyringPlace, KeyringWait } from './config/keyring.js';
import { isLoopback } from './api/loopback.js';
import type { IO } from './io.js';
import { Output } from './output/output.js';
import { OutFile, formatOfFile } from './output/out-file.js';
import { stripControl, terminalText, withoutCredentials } from './text.js';
import { Pager, pagerCommand } from './output/pager.js';
import { colorWanted } from './config/color.js';
import { whyNotAsk } from './prompt.js';
import { version } from './version.js';
import { PrintedCommands } from './printed-commands.js';
import { requestHints } from './request-hints.js';
import type { WaitProgress } from './workspace/query-runs.js';
import { startProgress } from './output/progress.js';
import type { WaitReporter } from './wait.js';

/** What the HTTP client needs for proxies and certificate authorities: the environment and the CA file. */
export function networkOptions(s: Settings, env: IO['env']): NonNullable<HttpOptions['network']> {
  return {
    env,
    ...(s.caFile.value
      ? { caFile: { path: s.caFile.value, from: s.caFile.source === 'env' ? 'WS_CA_FILE' : `ca-file in profile "${s.profileName.value}"` } }
      : {}),
  };
}

/** Checks the base URL and that the key will not cross the network in clear text. */
export function checkBaseUrl(baseUrl: string, allowInsecureHttp: boolean, source: string): URL {
  const shown = withoutCredentials(baseUrl);
  const example = 'expected for example https://api.example.com/public/v3';
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw usageError(`invalid base URL "${shown}" (from ${source})`, example);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw usageError(`invalid base URL "${shown}" (from ${source}): the scheme must be https or http`);
  }
  // every path is joined to it: a query or a fragment would end up inside each request's path
  if (/[?#]/.test(shown.slice(url.protocol.length + 2))) {
    throw usageError(`invalid base URL "${shown}" (from ${source}): it cannot hold a query (?…) or a fragment (#…)`, example);
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname) && !allowInsecureHttp) {
    throw usageError(
      `refusing to send the API key over plain http to ${url.host}`,
      'use an https:// base URL, or pass --allow-insecure-http if you really mean it',
    );
  }
  return url;
}

const sourceNames = { flag: '--base-url', env: 'WS_BASE_URL', config: 'the config file', keyring: 'the config file', default: 'the default' } as const;

/** How long ws waits for the system keyring: a few seconds where nobody could unlock it, a minute where a person may. */
const keyringWaitMs = { nobody: 5_000, person: 60_000 };

/**
 * What a command may use: IO, settings, the API client, the output. Each is built on first use,
 * so `--help` and commands that need no API pay for none of it.
 */
/** The commands that print a query result (its rows, a chart of them, a binary file), as usage names them. */
const resultCommands = 'ws queries execute <query> --wait, ws queries data <query>, ws runs wait <runId> --data';

export class Context {
  private cachedSettings: Settings | undefined;
  private client: HttpClient | undefined;
  private pager: Pager | undefined;
  private printedCommands: PrintedCommands | undefined;
  private hints: RequestHints | undefined;
  /** The key read from the system keyring, once read: hidden from every text as the others are. */
  private keyringKey: string | undefined;
  /** The read of the profile's key from the system keyring, once started (see readKeyringEarly). */
  private keyringRead: Promise<string> | undefined;

  private readonly interruptions: Interruption[] = [];
  /** The file of --out, until it is whole (Output.commit) or removed (close). */
  private outFile: OutFile | undefined;

  constructor(
    readonly io: IO,
    private readonly globals: GlobalOptions,
    /** Prints an error as ws ends with it (cli.ts), for the signal that ends ws before the command does. */
    private readonly sayError?: (error: WsError) => void,
    /** The command being run, as commander parsed it: what was typed, for the command line printed after prompts. */
    readonly command?: CommandUnknownOpts,
  ) {}

  /** Why no prompt may be shown now (no terminal, CI, WS_NO_PROMPT, --no-prompt), or undefined where one may. */
  whyNotAsk(): string | undefined {
    return whyNotAsk(this.io, this.globals.prompt);
  }

  /** false with --no-prompt: for askSecret and readAll (src/prompt.ts), which take it beside the IO. */
  promptFlag(): boolean | undefined {
    return this.globals.prompt;
  }

  /** Whether prompts, drawn on stderr, may be coloured: as the output's colour, for stderr's terminal. */
  promptColor(): boolean {
    return colorWanted(this.globals.color, this.io.env, this.io.stderrIsTTY);
  }

  /**
   * Watches the stop signals from now on, for a run about to start (src/interruption.ts); the errors carry `ids`.
   * Whatever is not disposed before stops listening when the command ends.
   */
  interruption(ids: ErrorIds = {}): Interruption {
    const interruption = new Interruption(this.io, { ids, ...(this.sayError ? { say: this.sayError } : {}) });
    this.interruptions.push(interruption);
    return interruption;
  }

  /** The global options of this command line, as given: the export's worker builds its own context of them. */
  get globalOptions(): GlobalOptions {
    return { ...this.globals };
  }

  /** The file of --out while it is being written: its target and its open temporary file, for the export's worker. */
  outDescriptor(): { target: string; fd: number } | undefined {
    const fd = this.outFile?.descriptor;
    return fd === undefined ? undefined : { target: this.outFile!.target, fd };
  }

  /** How every command printed for a person to paste is written: with the global options of this command line. */
  get printed(): PrintedCommands {
    this.printedCommands ??= PrintedCommands.of(this.globals);
    return this.printedCommands;
  }

  /** Printed commands without this command line's options: the MCP server's answers name bare commands, as they always have. */
  printBareCommands(): void {
    this.printedCommands = PrintedCommands.bare;
  }

  /** The hints of the API client's errors, in place of the CLI's commands: `ws mcp`'s name its tools. */
  useRequestHints(hints: RequestHints): void {
    this.hints = hints;
  }

  /** The key as any text may hold it, to redact: as sent (trimmed) and as the settings have it, or the environment's alone when they fail to load. */
  secrets(): string[] {
    const known = [this.io.env.WS_API_KEY?.trim() ?? '', this.keyringKey ?? ''];
    try {
      known.push(this.settings.apiKey.value ?? '');
    } catch {
      // the settings themselves were the problem: the environment's key is all there is to hide
    }
    return known;
  }

  /** The key requests carry, when known: the settings', or the one read from the system keyring for the first request. */
  keyInUse(): string | undefined {
    return this.settings.apiKey.value ?? this.keyringKey;
  }

  get settings(): Settings {
    this.cachedSettings ??= resolveSettings(this.globals, this.io);
    return this.cachedSettings;
  }

  /**
   * The output for this command; `fields` are the names `--json a,b` may pick, checked now (see Output.create).
   * With `out` (--out), the output goes to that file, whole or not at all, in the format of its extension unless
   * -o names one: its temporary file is made now, before any request, and removed if the command fails.
   */
  async output(fields?: readonly string[] | 'columns', shape: { document?: boolean } = {}, out?: string): Promise<Output> {
    const s = this.settings;
    if (s.outputProblem) throw s.outputProblem;
    let io = this.io;
    let format = s.output.value;
    if (out !== undefined) {
      format = formatOfFile(out, s.output.source === 'flag' ? format : undefined);
      this.outFile = OutFile.open(out);
      io = { ...this.io, stdout: this.outFile.stream, stdoutIsTTY: false, columns: undefined, rows: undefined };
    } else {
      const command = pagerCommand(this.io, s.profile.pager, this.globals.pager === false);
      if (command) this.pager ??= new Pager(this.io, command);
      if (this.pager) io = { ...this.io, stdout: this.pager.stream, stderr: this.pager.stderr };
    }
    return Output.create(
      io,
      {
        format,
        jsonFields: s.jsonFields,
        jq: s.jq,
        color: s.color,
        quiet: s.quiet,
        explicit: s.output.source === 'flag',
        wide: Boolean(this.globals.wide),
        crlf: Boolean(this.globals.crlf),
        csvSafe: Boolean(this.globals.csvSafe),
        jsonNotices: s.jsonProgress,
        ...(this.outFile ? { file: this.outFile } : {}),
        resultCommands,
      },
      fields,
      shape,
    );
  }

  /** How a wait shows progress on stderr: a spinner or lines, a JSON heartbeat for a program, or nothing. */
  waitProgress(): WaitProgress {
    return { io: this.io, reporter: this.waitReporter(), printed: this.printed };
  }

  /**
   * How a command shows a wait on stderr (src/output/progress.ts): a spinner at a terminal, plain lines elsewhere,
   * a JSON heartbeat for a program, nothing with --quiet; the domain's waits only report to it.
   */
  waitReporter(): WaitReporter {
    const { quiet, jsonProgress: json } = this.settings;
    return {
      start: (wait) => startProgress(this.io, { ...wait, quiet, json }),
      note: (line) => {
        if (!quiet) this.io.stderr.write(`${line}\n`);
      },
    };
  }

  /** The API client; fails with exit 3 when no key is configured and exit 2 without a usable base URL. */
  http(overrides: { apiKey?: string } = {}): HttpClient {
    if (this.client && overrides.apiKey === undefined) return this.client;
    const s = this.settings;
    const given = overrides.apiKey ?? s.apiKey.value;
    const place = overrides.apiKey === undefined ? s.keyring : undefined;
    if (!given && !place) throw this.noKeyError();
    let apiKey: string | (() => Promise<string>);
    if (given) {
      const problem = apiKeyProblem(given);
      if (problem) throw this.unsendableKeyError(problem, overrides.apiKey !== undefined);
      apiKey = given;
    } else {
      apiKey = () => this.keyFromKeyring(place!);
    }
    const baseUrl = this.baseUrl();
    const client = new HttpClient({
      maxAttempts: maxAttempts(this.io.env),
      baseUrl,
      apiKey,
      userAgent: `ws/${version()} node/${process.versions.node}`,
      timeoutMs: s.httpTimeoutMs,
      network: networkOptions(s, this.io.env),
      hints: this.hints ?? requestHints(this.printed),
      ...(s.debug ? { debug: (line: string) => this.io.stderr.write(`${stripControl(line)}\n`) } : {}),
    });
    if (overrides.apiKey === undefined) this.client = client;
    return client;
  }

  /**
   * How long to wait for the system keyring: where nobody could unlock it (CI, WS_NO_PROMPT, no terminal) a few
   * seconds; where a person may, a minute, telling them after a moment that it may be asking to be unlocked.
   */
  keyringWait(): KeyringWait {
    const person = this.whyNotAsk() === undefined;
    return {
      io: this.io,
      waitMs: person ? keyringWaitMs.person : keyringWaitMs.nobody,
      ...(person ? { slow: () => this.io.stderr.write('Waiting for the system keyring (it may be asking you to unlock it)...\n') } : {}),
    };
  }

  /**
   * Starts reading the profile's key from the system keyring now, for a command that sends it, so that the read
   * runs while the command loads (cli.ts); the first request then waits only for what is left of it. Nothing
   * happens when the key comes from elsewhere or the settings fail (the command says so itself). Returns `turn`,
   * which the caller awaits once the command is loaded: one more turn of the event loop, in which the keyring's first
   * answers (they came while the command loaded) are read and the secret itself is asked for, so that its answer too
   * travels while the command starts. Undefined when no read was started.
   */
  async readKeyringEarly(): Promise<{ turn(): Promise<void> } | undefined> {
    let place: KeyringPlace | undefined;
    try {
      place = this.settings.keyring;
    } catch {
      return undefined;
    }
    if (place === undefined) return undefined;
    this.keyringRead = this.readKeyring(place);
    // what went wrong is said when a request needs the key; a command that never sends it says nothing of it
    this.keyringRead.catch(() => undefined);
    const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
    // one turn of the event loop, so that the questions to the keyring are on their way while the command loads
    await turn();
    return { turn };
  }

  /** The profile's key from the system keyring: the read started early, or one started now for the first request. */
  private keyFromKeyring(place: KeyringPlace): Promise<string> {
    this.keyringRead ??= this.readKeyring(place);
    return this.keyringRead;
  }

  private async readKeyring(place: KeyringPlace): Promise<string> {
    const { readProfileKey } = await import('./keyring-key.js');
    this.keyringKey = await readProfileKey(place, { profileName: this.settings.profileName.value, wait: this.keyringWait(), printed: this.printed });
    return this.keyringKey;
  }

  /** Exit 3: no key at all, or a saved key that belongs to another origin. */
  noKeyError(): WsError {
    const s = this.settings;
    if (s.apiKeyWithheld) {
      return new WsError('auth', s.apiKeyWithheld, {
        code: 'no_api_key',
        // a --base-url flag is carried by every printed command; one from WS_BASE_URL is named here
        hint: `log in for that URL: \`${this.printed.command('auth', 'login', ...(s.baseUrl.source === 'flag' ? [] : ['--base-url', s.baseUrl.value ?? '']))}\`, or give its key for this call in WS_API_KEY`,
      });
    }
    return new WsError('auth', `no API key configured for profile "${s.profileName.value}"`, {
      code: 'no_api_key',
      // without a folder for the config file (a uid with no home), a login has nowhere to keep the profile
      hint:
        s.configFile === undefined
          ? `set WS_API_KEY (and WS_BASE_URL); this user has no home for a saved profile: set WS_CONFIG_DIR to a folder it may write, then \`${this.printed.command('auth', 'login')}\``
          : `run \`${this.printed.command('auth', 'login')}\`, or set WS_API_KEY`,
    });
  }

  /** Exit 2, before any request: a key no HTTP header can carry is a mistake in where it was put, not the network. */
  private unsendableKeyError(problem: string, given: boolean): WsError {
    const s = this.settings;
    if (given)
      return usageError(`the API key given ${problem}, so it cannot be sent in a header; nothing was sent`, 'give the key alone, as the workspace shows it');
    if (s.apiKey.source === 'env') {
      return usageError(
        `WS_API_KEY ${problem}, so it cannot be sent in a header; nothing was sent`,
        'set WS_API_KEY to the key alone, as the workspace shows it (surrounding spaces and newlines are ignored)',
      );
    }
    return usageError(
      `the API key of profile "${s.profileName.value}" in ${s.configFile} ${problem}, so it cannot be sent in a header; nothing was sent`,
      `log in again: \`${this.printed.command('auth', 'login')}\``,
    );
  }

  baseUrl(): string {
    const s = this.settings;
    if (!s.baseUrl.value) {
      throw usageError(
        `no base URL configured for profile "${s.profileName.value}"`,
        `pass --base-url, set WS_BASE_URL, or run \`${this.printed.command('config', 'set', 'base-url', 'https://workspace.example.com/public/v3')}\``,
      );
    }
    checkBaseUrl(s.baseUrl.value, s.allowInsecureHttp, sourceNames[s.baseUrl.source]);
    // what is not sent is not kept either, so that no --debug line, hint or message can show it
    return withoutCredentials(s.baseUrl.value);
  }

  /** A progress or hint line for a person on stderr; silent with --quiet, and with a machine format off a terminal. */
  note(line: string): void {
    if (!this.hushed()) this.io.stderr.write(`${terminalText(line)}\n`); // names and ids from the server
  }

  private hushed(): boolean {
    if (this.globals.quiet) return true;
    try {
      return this.settings.quiet;
    } catch {
      return false; // a note must not fail on a broken config file (the emulator needs none)
    }
  }

  async close(): Promise<void> {
    // a file the command did not finish is not left behind (the target is untouched)
    this.outFile?.discard();
    for (const interruption of this.interruptions) interruption.dispose();
    await this.pager?.close();
    await this.client?.close();
  }
}
