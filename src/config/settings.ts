import { defaultMaxAttempts } from '../api/attempts.js';
import { parseDuration } from '../duration.js';
import { usageError, type WsError } from '../errors.js';
import type { IO } from '../io.js';
import { colorWanted } from './color.js';
import { PrintedCommands } from '../printed-commands.js';
import { configFilePath } from './paths.js';
import type { KeyringPlace } from './keyring.js';
import { keyInKeyring, keyOrigin, originOf, readConfig, type Profile } from './store.js';

/** Where a setting comes from; `keyring` for a key kept in the system keyring (read when a request needs it). */
export type Source = 'flag' | 'env' | 'config' | 'keyring' | 'default';

export interface Setting<T> {
  value: T;
  source: Source;
}

export const outputFormats = ['table', 'json', 'ndjson', 'csv', 'tsv', 'yaml', 'markdown', 'chart', 'parquet', 'arrow'] as const;
export type OutputFormat = (typeof outputFormats)[number];

/** The global options as commander parsed them; every field is optional. */
export interface GlobalOptions {
  profile?: string;
  baseUrl?: string;
  json?: string | boolean;
  output?: string;
  jq?: string;
  quiet?: boolean;
  color?: boolean;
  /** false with --no-pager */
  pager?: boolean;
  wide?: boolean;
  crlf?: boolean;
  csvSafe?: boolean;
  debug?: boolean;
  httpTimeout?: string;
  allowInsecureHttp?: boolean;
  /** false with --no-prompt (read by src/prompt.ts through the context, not a setting) */
  prompt?: boolean;
}

export interface Settings {
  /** undefined where there is no folder for it (no home, no WS_CONFIG_DIR): no profile is read, none can be saved. */
  configFile: string | undefined;
  profileName: Setting<string>;
  profile: Profile;
  baseUrl: Setting<string | undefined>;
  /** The key; for one kept in the system keyring (`source: 'keyring'`) the value is read when first sent: see `keyring`. */
  apiKey: Setting<string | undefined>;
  /** Where in the system keyring the profile's key is, when it is there and is to be sent (not withheld). */
  keyring: KeyringPlace | undefined;
  /** The config file as keyring entries name it: only when WS_CONFIG_DIR chose it (see KeyringPlace). */
  keyringFile: string | undefined;
  /** Why the profile's saved key is not used for this base URL (it was saved for another origin). */
  apiKeyWithheld: string | undefined;
  caFile: Setting<string | undefined>;
  output: Setting<OutputFormat>;
  /** A bad output format stored in the profile: reported by commands that print, not by `ws config`. */
  outputProblem: WsError | undefined;
  /** Field names given to `--json a,b`; undefined for all fields. */
  jsonFields: string[] | undefined;
  jq: string | undefined;
  quiet: boolean;
  /**
   * A machine format off a terminal, without --quiet: stderr is for a program, and a long wait writes a
   * `{"progress": …}` line there now and then (CI services end a silent job), the rest staying quiet.
   */
  jsonProgress: boolean;
  color: boolean;
  debug: boolean;
  httpTimeoutMs: number;
  allowInsecureHttp: boolean;
}

export const defaultHttpTimeoutMs = 30_000;

/**
 * How many times an idempotent request is tried, the first included: WS_MAX_ATTEMPTS as AWS_MAX_ATTEMPTS, 1 for
 * no retry. Read when a request is about to be sent, so a bad value stops only commands that call the API.
 */
export function maxAttempts(env: IO['env']): number {
  const raw = env.WS_MAX_ATTEMPTS;
  if (raw === undefined || raw === '') return defaultMaxAttempts;
  if (!/^\s*\d+\s*$/.test(raw) || Number(raw) < 1 || Number(raw) > 100) {
    throw usageError(
      `invalid WS_MAX_ATTEMPTS "${raw}": it must be a whole number from 1 to 100 (the tries of a request, the first included)`,
      `unset it for the default, ${defaultMaxAttempts}, or set 1 to never retry`,
    );
  }
  return Number(raw);
}

function pick<T>(flag: T | undefined, env: T | undefined, config: T | undefined, fallback: T): Setting<T> {
  if (flag !== undefined) return { value: flag, source: 'flag' };
  if (env !== undefined && env !== '') return { value: env, source: 'env' };
  if (config !== undefined) return { value: config, source: 'config' };
  return { value: fallback, source: 'default' };
}

/** The formats that print rows under a header (csv, tsv, markdown), and so have nothing to show of a document. */
export function rowFormat(format: OutputFormat): boolean {
  return format === 'csv' || format === 'tsv' || format === 'markdown';
}

/**
 * Why a key cannot be sent in the x-api-key header, if it cannot: a control character or one outside ASCII (a
 * header carries bytes, and no API key holds them). Says where the character is, never what the key is.
 */
export function apiKeyProblem(key: string): string | undefined {
  const at = [...key].findIndex((char) => !/^[\x20-\x7e]$/.test(char));
  if (at < 0) return undefined;
  const char = [...key][at]!;
  return `holds ${char.codePointAt(0)! < 0x80 ? 'a control character' : 'a character that is not ASCII'} (character ${at + 1} of ${[...key].length})`;
}

/** The formats a program reads: with them, an error on stderr is one JSON object. */
export function machineFormat(format: OutputFormat): boolean {
  return format === 'json' || format === 'ndjson';
}

function checkOutput(value: string, where: string): OutputFormat {
  if ((outputFormats as readonly string[]).includes(value)) return value as OutputFormat;
  throw usageError(`invalid output format "${value}" (from ${where})`, `valid formats: ${outputFormats.join(', ')}`);
}

/** The keyring entry of this profile's key for an origin. */
export function keyringPlace(s: Pick<Settings, 'profileName' | 'keyringFile'>, origin: string): KeyringPlace {
  return { origin, profile: s.profileName.value, configFile: s.keyringFile };
}

/** Resolves every setting with the precedence flag > environment > profile > built-in default. */
export function resolveSettings(options: GlobalOptions, io: IO): Settings {
  const env = io.env;
  const configFile = configFilePath(env);
  const profileName = pick(options.profile, env.WS_PROFILE, undefined, 'default');
  if (profileName.value === '' || profileName.value === '__proto__') {
    throw usageError(
      `invalid profile name "${profileName.value}" (from ${profileName.source === 'env' ? 'WS_PROFILE' : '--profile'})`,
      'use letters, digits, _ . -',
    );
  }
  const profiles = readConfig(configFile).profiles;
  const profile = Object.hasOwn(profiles, profileName.value) ? profiles[profileName.value]! : {};

  const jsonRequested = options.json !== undefined && options.json !== false;
  const jqRequested = options.jq !== undefined;
  let output: Setting<OutputFormat>;
  let outputProblem: WsError | undefined;
  if (jsonRequested || jqRequested) {
    if (options.output !== undefined && options.output !== 'json') {
      throw usageError(`--output ${options.output} cannot be combined with ${jsonRequested ? '--json' : '--jq'}`);
    }
    output = { value: 'json', source: 'flag' };
  } else {
    const raw = pick(options.output, env.WS_OUTPUT, profile.output, 'table');
    if (raw.source === 'config' && !(outputFormats as readonly string[]).includes(raw.value)) {
      // A bad value in the file must not stop `ws config set|unset output` from repairing it.
      const printed = PrintedCommands.of(options);
      outputProblem = usageError(
        `invalid output format "${raw.value}" in profile "${profileName.value}" of ${configFile}`,
        `fix it with \`${printed.command('config', 'set', 'output', 'table')}\` or \`${printed.command('config', 'unset', 'output')}\`; valid formats: ${outputFormats.join(', ')}`,
      );
      output = { value: 'table', source: 'default' };
    } else {
      output = { value: checkOutput(raw.value, raw.source === 'env' ? 'WS_OUTPUT' : '--output'), source: raw.source };
    }
  }

  let jsonFields: string[] | undefined;
  if (typeof options.json === 'string') {
    jsonFields = options.json
      .split(',')
      .map((field) => field.trim())
      .filter(Boolean);
    if (jsonFields.length === 0) throw usageError('--json needs a comma-separated list of fields, or no value at all');
  }

  const baseUrl = pick(options.baseUrl, env.WS_BASE_URL, profile.baseUrl, undefined);
  const keyringFile = env.WS_CONFIG_DIR ? configFile : undefined;
  // surrounding whitespace is never part of a key: `$(cat key.txt)`, an echo or an editor adds a newline (as gh trims a token)
  let apiKey: Setting<string | undefined> = pick(undefined, env.WS_API_KEY?.trim(), profile.apiKey?.trim(), undefined);
  const bound = keyOrigin(profile);
  if (apiKey.source === 'default' && keyInKeyring(profile) && bound !== undefined) apiKey = { value: undefined, source: 'keyring' };
  let apiKeyWithheld: string | undefined;
  if ((apiKey.source === 'config' || apiKey.source === 'keyring') && baseUrl.value !== undefined) {
    // as gh binds a token to its host: a saved key goes only to the origin it was saved for
    const target = originOf(baseUrl.value);
    if (target !== undefined && bound !== target) {
      apiKeyWithheld = `the API key of profile "${profileName.value}" was saved for ${bound ?? 'no base URL'}, not for ${target} (from ${baseUrl.source === 'flag' ? '--base-url' : 'WS_BASE_URL'}), so it is not sent there`;
      apiKey = { value: undefined, source: 'default' };
    }
  }

  return {
    configFile,
    profileName,
    profile,
    baseUrl,
    apiKey,
    keyring: apiKey.source === 'keyring' && bound !== undefined ? keyringPlace({ profileName, keyringFile }, bound) : undefined,
    keyringFile,
    apiKeyWithheld,
    caFile: pick(undefined, env.WS_CA_FILE, profile.caFile, undefined),
    output,
    outputProblem,
    jsonFields,
    jq: options.jq,
    // a machine format off a terminal keeps stderr for the one error object a script parses: no progress, no notes
    quiet: Boolean(options.quiet) || (machineFormat(output.value) && !io.stderrIsTTY),
    jsonProgress: !options.quiet && machineFormat(output.value) && !io.stderrIsTTY,
    color: colorWanted(options.color, env, io.stdoutIsTTY),
    debug: Boolean(options.debug) || env.WS_DEBUG === '1' || env.WS_DEBUG === 'true',
    httpTimeoutMs: options.httpTimeout === undefined ? defaultHttpTimeoutMs : parseDuration(options.httpTimeout, '--http-timeout'),
    allowInsecureHttp: Boolean(options.allowInsecureHttp),
  };
}
