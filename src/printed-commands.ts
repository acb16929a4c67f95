import { shellCommand } from './shell.js';
import { withoutCredentials } from './text.js';

/** The global options as commander parsed them that decide where a command runs and what it prints. */
export interface CarriedOptions {
  profile?: string;
  baseUrl?: string;
  allowInsecureHttp?: boolean;
  httpTimeout?: string;
  json?: string | boolean;
  output?: string;
  jq?: string;
  crlf?: boolean;
  csvSafe?: boolean;
  wide?: boolean;
}

/**
 * Every command ws prints for a person to paste (resume, cancel, rerun, every row, log in) is written here, with
 * the global options given on this command line that decide where it runs (--profile, --base-url,
 * --allow-insecure-http, --http-timeout) and, for a command that goes on with this one, what it prints (--json,
 * -o, --jq, --crlf, --csv-safe, --wide). Only flags are carried: environment variables and the profile apply again anyway,
 * and a key is never a flag. A base URL loses any user:password, which ws never sends.
 */
export class PrintedCommands {
  /** Commands as typed with no global option (the MCP server's answers, and code that has no command line). */
  static readonly bare = new PrintedCommands([], [], [], []);

  private constructor(
    private readonly profile: readonly string[],
    private readonly place: readonly string[],
    private readonly output: readonly string[],
    /** The output options that choose a format, not what is picked from one answer (--json's fields, --jq). */
    private readonly format: readonly string[],
  ) {}

  static of(options: CarriedOptions): PrintedCommands {
    const profile = options.profile !== undefined ? ['--profile', options.profile] : [];
    const place = [
      ...(options.baseUrl !== undefined ? ['--base-url', withoutCredentials(options.baseUrl)] : []),
      ...(options.allowInsecureHttp ? ['--allow-insecure-http'] : []),
      ...(options.httpTimeout !== undefined ? ['--http-timeout', options.httpTimeout] : []),
    ];
    const output = [
      ...(typeof options.json === 'string' ? ['--json', options.json] : options.json ? ['--json'] : []),
      ...(options.output !== undefined ? ['-o', options.output] : []),
      ...(options.jq !== undefined ? ['--jq', options.jq] : []),
      ...(options.crlf ? ['--crlf'] : []),
      ...(options.csvSafe ? ['--csv-safe'] : []),
      ...(options.wide ? ['--wide'] : []),
    ];
    const format = [
      ...(options.json !== undefined && options.json !== false ? ['--json'] : []),
      ...(options.output !== undefined ? ['-o', options.output] : []),
      ...(options.crlf ? ['--crlf'] : []),
      ...(options.wide ? ['--wide'] : []),
    ];
    return new PrintedCommands(profile, place, output, format);
  }

  /**
   * A command that goes on with this one or does it again (wait again, run again, every row): it prints what
   * this one would have, so it carries the output options too.
   */
  continuing(...words: string[]): string {
    return shellCommand('ws', ...words, ...this.profile, ...this.place, ...this.output);
  }

  /**
   * The command that waits for what this one started without waiting (`queries execute`, `automations trigger`):
   * it prints in the format asked for here, but another answer (the rows, the run with its steps), which --json
   * fields or a --jq filter written for the start's answer would not fit.
   */
  following(...words: string[]): string {
    return shellCommand('ws', ...words, ...this.profile, ...this.place, ...this.format);
  }

  /**
   * Any other command (cancel, see a run, log in): where it runs, in its own output, since `--json state` or
   * `--jq .state` written for one answer would not fit another. `ws config` reads no server: the profile alone.
   */
  command(...words: string[]): string {
    return shellCommand('ws', ...words, ...this.profile, ...(words[0] === 'config' ? [] : this.place));
  }
}
