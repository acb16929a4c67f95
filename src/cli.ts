import { Command, CommanderError, Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { machineFormat, outputFormats, type GlobalOptions } from './config/settings.js';
import type { Context } from './context.js';
import { WsError } from './errors.js';
import { processIO, type IO } from './io.js';
import { registerAgents } from './commands/agents/index.js';
import { registerApi } from './commands/api/index.js';
import { registerAuth } from './commands/auth/index.js';
import { registerAutomations } from './commands/automations/index.js';
import { registerCompletion } from './commands/completion/index.js';
import { registerConfig } from './commands/config/index.js';
import { registerEmulator } from './commands/emulator/index.js';
import { registerQueries } from './commands/queries/index.js';
import { registerRuns } from './commands/runs/index.js';
import { registerSessions } from './commands/sessions/index.js';
import { registerMcp } from './commands/mcp/index.js';
import { registerSkills } from './commands/skills/index.js';
import { helpTopic } from './commands/help/help.js';
import { helpTopics, topicList } from './help/topics.js';
import { formatHelp } from './help/document.js';
import { wrapLines } from './help/render.js';
import { helpManifestOf } from './help/manifest.js';
import { manualOf, type ManualPage } from './help/manual.js';
import { examples, jsonFieldsOf, unknownCommandHints, type Program, type Runner, type Same } from './cmdutil/command.js';
import { known } from './output/field-selection.js';
import { escapeBidi, redactSecret, stripControl } from './text.js';
import { escapeJsonControls } from './output/serialize.js';
import { version } from './version.js';

// for bin/ws.js: a keyring read blocked after its wait must not hold ws's exit (src/config/keyring.ts)

const groups: [string, (program: Program, runner: Runner) => void][] = [
  ['queries', registerQueries],
  ['runs', registerRuns],
  ['automations', registerAutomations],
  ['agents', registerAgents],
  ['skills', registerSkills],
  ['sessions', registerSessions],
  ['auth', registerAuth],
  ['config', registerConfig],
  ['api', registerApi],
  ['completion', registerCompletion],
  ['emulator', registerEmulator],
  ['mcp', registerMcp],
];

/**
 * Builds the command tree; `runner` gives every action a Context (completion reads the same tree). With
 * `argv`, only what that command line can use.
 */
export function buildProgram(io: IO, runner: Runner, argv?: readonly string[]): CommandUnknownOpts {
  // help is laid out for stdout, from the injected IO (a terminal of 0 columns stays 0, as dist/help.cjs reads it;
  // 80: commander's width off a terminal), and wrapped to it as dist/help.cjs wraps it (src/help/render.ts)
  const helpWidth = () => (io.stdoutIsTTY ? (io.columns ?? 0) : 80);
  const program = new Command('ws')
    .description('Work with the Workspace API v3: saved SQL queries and their runs, automations, agents, skills and chat sessions.')
    .version(version(), '-V, --version', 'print the version of ws')
    .helpOption('-h, --help', 'show help for a command')
    .helpCommand('help [command...]', 'show help for a command or a topic, e.g. `ws help queries list`, `ws help environment`')
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false, formatHelp })
    .configureOutput({
      writeOut: (text) => io.stdout.write(wrapLines(text, helpWidth())),
      // commander writes here only the help it shows when a group is given no command (`ws`, `ws queries`; errors
      // go through outputError): help, so to stdout, as gh and git do, where `ws | less` reads it; laid out for stdout
      writeErr: (text) => io.stdout.write(wrapLines(text, helpWidth())),
      getOutHelpWidth: helpWidth,
      getErrHelpWidth: helpWidth,
      outputError: () => {}, // cli.ts prints every error itself, in one format
    })
    .exitOverride()
    .showSuggestionAfterError(true)
    .option('--profile <name>', 'configuration profile (env WS_PROFILE)')
    .option('--base-url <url>', 'API base URL, including /public/v3 (env WS_BASE_URL)')
    .option('--json [fields]', 'print JSON; with a comma-separated list, only those fields of each item')
    .addOption(new Option('-o, --output <format>', 'output format (env WS_OUTPUT)').choices(outputFormats))
    .option('--jq <expression>', 'filter the JSON output with a jq expression (implies --json)')
    .option('-q, --quiet', 'no progress or hints on stderr')
    .option('--no-color', 'never colour the output (also NO_COLOR)')
    .option('--no-pager', "never send output through a pager (WS_PAGER, the profile's pager, PAGER, else less -FRX)")
    .option('--wide', 'tables in a terminal show every column and full ids, even when wider than the terminal')
    .option('--crlf', 'with -o csv, end lines in CRLF (RFC 4180) instead of LF')
    .option('--csv-safe', "with -o csv, start a text cell a spreadsheet would run as a formula (= + - @, tab, CR) with ' (OWASP)")
    .option('--debug', 'log each HTTP request and response to stderr, key redacted (env WS_DEBUG=1)')
    .option('--http-timeout <duration>', 'timeout of each HTTP request, e.g. 30s, 2m')
    .option('--allow-insecure-http', 'allow sending the key over plain http:// to a host that is not loopback')
    .option('--no-prompt', 'never ask anything, even at a terminal (env WS_NO_PROMPT=1); a left-out argument is then an error')
    .addHelpText('after', '\nAuthentication:\n  The API key comes from WS_API_KEY or from the profile saved by `ws auth login`; never from a flag.');
  examples(
    program,
    'ws auth login --base-url https://workspace.example.com/public/v3',
    'ws queries list --search revenue',
    'ws queries get daily_revenue --json id,name,sql',
    'ws help queries list',
  );
  program.addHelpText('after', `\nHelp topics (ws help <topic>):\n${topicList()}\n`);

  // Only the groups the command line names are built (with none named, all are: help lists them); the others
  // are bare names, enough for suggestions. Completion describes the whole tree, so it builds all, and so does
  // a help flag before any group's name (`ws --help queries` prints the root help, which lists them all).
  const whole = argv === undefined || argv.includes('completion') || argv.includes('__complete') || rootHelp(argv);
  const named = !whole && groups.some(([name]) => argv.includes(name));
  for (const [name, register] of groups) {
    if (!named || argv!.includes(name)) register(program, runner);
    else program.command(name);
  }
  tidyHelp(program);
  // settings read the global options by their names in GlobalOptions: a flag renamed or removed in the declaration above fails typecheck
  const globalNames: Same<keyof ReturnType<typeof program.opts>, keyof GlobalOptions> = true;
  void globalNames;
  return program;
}

/** The groups whose commands call the API with the profile's key (not auth, config, completion, emulator, mcp). */
const keyedGroups = new Set(['queries', 'runs', 'automations', 'agents', 'skills', 'sessions', 'api']);

/** Whether a command sends the key, so that a key in the system keyring is read while it loads. */
function sendsKey(command: CommandUnknownOpts): boolean {
  let group = command;
  while (group.parent?.parent) group = group.parent;
  return keyedGroups.has(group.name());
}

function rootHelp(argv: readonly string[]): boolean {
  for (const arg of argv) {
    if (arg === '--help' || arg === '-h') return true;
    if (groups.some(([name]) => name === arg)) return false;
  }
  return false;
}

/** Group help lists its commands, not the global options; leaf commands show both. One help command, at the top. */
function tidyHelp(program: CommandUnknownOpts): void {
  for (const group of program.commands) {
    if (group.commands.length === 0) continue;
    // configureHelp replaces the whole configuration: keep the rest of it (formatHelp above all)
    group.helpCommand(false).configureHelp({ ...group.configureHelp(), showGlobalOptions: false });
    group.addHelpText('after', `\nRun \`ws ${group.name()} <command> --help\` for a command's options, or \`ws --help\` for the global ones.`);
  }
}

/** The text of dist/help.json, from the whole tree: scripts/build.mjs calls this on the built dist/cli.cjs. */
export function helpManifest(): string {
  return helpManifestOf(
    buildProgram(processIO(), () => {}),
    helpTopics,
  ); // help reads no action: none is attached
}

/** dist/complete.json, the command tree as completion reads it: scripts/build.mjs calls this on the built dist/cli.cjs. */
export async function completionTree(): Promise<string> {
  const { commandTree } = await import('./completion/tree.js');
  return JSON.stringify(commandTree(buildProgram(processIO(), () => {})));
}

/** The command reference as data: `npm run docs` (scripts/docs.mjs) calls this on the built dist/cli.cjs. */
export function commandManual(): ManualPage[] {
  return manualOf(
    buildProgram(processIO(), () => {}),
    helpTopics,
  );
}

const jsonOutputFlags = /^(--json|--jq)(=|$)|^(-o|--output)=?(nd)?json$/;
const machineFormats = ['json', 'ndjson'];

/** Whether the user asked for a machine format (JSON, NDJSON), read from argv and env, for errors raised before settings resolve. */
function wantsJson(argv: string[], env: IO['env']): boolean {
  return (
    argv.some((arg, index) => jsonOutputFlags.test(arg) || ((arg === '-o' || arg === '--output') && machineFormats.includes(argv[index + 1]!))) ||
    machineFormats.includes(env.WS_OUTPUT ?? '')
  );
}

function redact(text: string, secrets: string[]): string {
  return secrets.reduce(redactSecret, stripControl(text));
}

function printError(io: IO, error: WsError, json: boolean, secrets: string[]): void {
  if (json) {
    // `code` is ws's own (errorCodes in errors.ts); `apiCode` is the one in the API's error body
    const body: Record<string, unknown> = { code: error.code };
    if (error.status !== undefined) body.status = error.status;
    // every field that may hold what a server sent is redacted, not the message alone; values stay as sent otherwise
    // (JSON escapes their control characters)
    const secret = (value: string) => secrets.reduce(redactSecret, value);
    if (error.apiCode !== undefined) body.apiCode = secret(error.apiCode);
    body.message = redact(error.message, secrets);
    if (error.hint) body.hint = redact(error.hint, secrets);
    for (const [name, id] of Object.entries(error.ids ?? {})) body[name] = secret(id);
    if (error.requestId !== undefined) body.requestId = secret(error.requestId);
    if (error.partial) {
      const { rowsWritten, resumeCommand } = error.partial;
      Object.assign(body, { partial: true, rowsWritten }, resumeCommand === undefined ? {} : { resumeCommand: redact(resumeCommand, secrets) });
    }
    io.stderr.write(`${escapeJsonControls(JSON.stringify({ error: body }))}\n`);
    return;
  }
  // for a person: bidi marks escaped too, so that a name in the message reads in the order it was sent
  let text = `error: ${escapeBidi(redact(error.message, secrets))}\n`;
  if (error.hint) text += `hint: ${escapeBidi(redact(error.hint, secrets))}\n`;
  if (error.requestId) text += `request id: ${error.requestId}\n`;
  io.stderr.write(text);
}

/** Turns whatever was thrown into a WsError; commander's own parse errors are usage errors. */
function toWsError(error: unknown, program: CommandUnknownOpts): WsError {
  if (error instanceof WsError) return error;
  if (error instanceof CommanderError) {
    const message = error.message.replace(/^error: /, '');
    const hint = error.code === 'commander.unknownCommand' ? unknownCommandHints.get(program)?.(program.args[0] ?? '') : undefined;
    return new WsError('usage', message, { hint: hint ?? `run \`${commandPath(program)} --help\` for usage` });
  }
  return new WsError('api', error instanceof Error ? error.message : String(error), { code: 'internal' });
}

/** The words of a command, e.g. `ws queries list`, for the help hint. */
function commandPath(command: CommandUnknownOpts): string {
  const words: string[] = [];
  for (let at: CommandUnknownOpts | null = command; at; at = at.parent) words.unshift(at.name());
  return words.join(' ');
}

/** Remembers the deepest command commander reached, so a parse error can point at its help. */
function track(command: CommandUnknownOpts, onReach: (command: CommandUnknownOpts) => void): void {
  command.hook('preSubcommand', (_parent, sub) => onReach(sub));
  for (const sub of command.commands) track(sub, onReach);
}

function commandNames(command: CommandUnknownOpts): Set<string> {
  return new Set(command.commands.map((sub) => sub.name()));
}

/**
 * `--json [fields]` takes an optional value, so in `ws --json queries list` commander would read
 * "queries" as the field list. When --json comes before the command words and a group name follows it,
 * --json stands alone: it moves to the end (before a `--`), where global options are read as well.
 */
function standAloneJson(argv: string[], groups: Set<string>): string[] {
  const firstWord = argv.findIndex((arg) => groups.has(arg));
  if (firstWord < 1 || argv[firstWord - 1] !== '--json') return argv;
  let at = firstWord - 1;
  while (at > 0 && argv[at - 1] === '--json') at--; // `--json --json queries`: all of them
  const rest = [...argv.slice(0, at), ...argv.slice(firstWord)];
  const end = rest.indexOf('--');
  const later = rest.slice(at, end < 0 ? undefined : end).some((arg) => arg === '--json' || arg.startsWith('--json='));
  if (later) return rest; // a later --json (perhaps with fields) says it all
  return end < 0 ? [...rest, '--json'] : [...rest.slice(0, end), '--json', ...rest.slice(end)];
}

/** `--json` moved to the end (before a `--`), where it takes no value. */
function withoutValue(argv: string[], at: number): string[] {
  const rest = argv.filter((_arg, index) => index !== at);
  const end = rest.indexOf('--');
  return end < 0 ? [...rest, '--json'] : [...rest.slice(0, end), '--json', ...rest.slice(end)];
}

/**
 * `ws queries get --json daily_revenue`: commander would read the slug as the field list. The word after
 * a bare --json is a field list only when the command has all the arguments it needs without it, and,
 * where it could take one more, when every name in it is a field of that command; otherwise it is an
 * argument, and --json stands alone.
 */
function jsonBeforeArgument(argv: string[], program: CommandUnknownOpts): string[] {
  let command = program;
  let positionals = 0;
  let candidate: number | undefined;
  const takesValue = (flag: string) => {
    for (let at: CommandUnknownOpts | null = command; at; at = at.parent) {
      const option = at.options.find((o) => o.long === flag || o.short === flag);
      if (option) return option.required;
    }
    return false;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      positionals += argv.length - i - 1;
      break;
    }
    if (arg === '--json') {
      if (candidate === undefined && i + 1 < argv.length && !argv[i + 1]!.startsWith('-')) candidate = ++i;
      continue;
    }
    if (arg.startsWith('-')) {
      if (!arg.includes('=') && takesValue(arg)) i++;
      continue;
    }
    const sub = positionals === 0 ? command.commands.find((c) => c.name() === arg || c.aliases().includes(arg)) : undefined;
    if (sub) command = sub;
    else positionals++;
  }
  if (candidate === undefined || command.commands.length > 0) return argv;
  const args = command.registeredArguments;
  const required = args.filter((a) => a.required).length;
  const most = args.some((a) => a.variadic) ? Infinity : args.length;
  const fields = jsonFieldsOf.get(command);
  const isFieldList = fields === undefined || argv[candidate]!.split(',').every((field) => known(field.trim(), fields));
  return positionals < required || (positionals < most && !isFieldList) ? withoutValue(argv, candidate - 1) : argv;
}

/** Runs ws with these arguments and returns the exit code. Never calls process.exit. */
export async function run(argv: string[], io: IO = processIO()): Promise<number> {
  const contexts: Context[] = [];
  let current: CommandUnknownOpts | undefined;
  let exitCode = 0;
  /** Prints the error ws ends with: JSON or text as the settings (or, when they fail, argv) say, secrets redacted. */
  const report = (error: WsError) => {
    const context = contexts.at(-1);
    let json = wantsJson(argv, io.env);
    const secrets = context ? context.secrets() : [io.env.WS_API_KEY?.trim() ?? ''];
    try {
      if (context) json = machineFormat(context.settings.output.value);
    } catch {
      // the settings themselves were the problem; keep what argv said
    }
    // the JSON error object is for programs; a person at a terminal reads text even with --json
    printError(io, error, json && !io.stderrIsTTY, secrets);
    return secrets;
  };
  const runner: Runner = (command, load) => {
    command.action(async () => {
      // loaded when a command runs, so that --help and --version pay nothing for settings, HTTP and output
      const { Context } = await import('./context.js');
      const context = new Context(io, command.optsWithGlobals(), report, command);
      contexts.push(context);
      const keyring = sendsKey(command) ? await context.readKeyringEarly() : undefined;
      const { run: verb } = await load();
      await keyring?.turn();
      exitCode = (await verb(context, command.processedArgs, command.opts())) ?? 0;
    });
  };
  // as commander prints it, without building the commands
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    io.stdout.write(`${version()}\n`);
    return 0;
  }
  const program = buildProgram(io, runner, argv);
  if (argv[0] === '__complete') {
    const [{ complete }, { commandTree }, { cacheThenApi }] = await Promise.all([
      import('./completion/complete.js'),
      import('./completion/tree.js'),
      import('./completion/names.js'),
    ]);
    await complete(argv.slice(1), io, commandTree(program), cacheThenApi);
    return 0;
  }
  track(program, (command) => (current = command));
  // `ws help queries list` shows the help of `queries list` (commander alone stops at the first word).
  const words = jsonBeforeArgument(standAloneJson(argv[0] === 'help' && argv.length > 2 ? [...argv.slice(1), '--help'] : argv, commandNames(program)), program);
  try {
    if (argv[0] === 'help') {
      const topic = helpTopic(
        argv.slice(1).filter((word) => !word.startsWith('-')),
        program,
      );
      if (topic !== undefined) {
        io.stdout.write(topic);
        return 0;
      }
    }
    await program.parseAsync(words, { from: 'user' });
    return exitCode;
  } catch (thrown) {
    if (
      thrown instanceof CommanderError &&
      (thrown.code === 'commander.helpDisplayed' || thrown.code === 'commander.version' || thrown.code === 'commander.help')
    ) {
      return 0;
    }
    if (thrown instanceof CommanderError && thrown.code === 'commander.executeSubCommandAsync') return 0;
    if ((thrown as NodeJS.ErrnoException).code === 'EPIPE') return 0; // the reader went away (`| head`): not an error
    const error = toWsError(thrown, current ?? program);
    const secrets = report(error);
    if (!(thrown instanceof WsError) && !(thrown instanceof CommanderError) && (io.env.WS_DEBUG === '1' || argv.includes('--debug'))) {
      io.stderr.write(`${redact((thrown as Error).stack ?? '', secrets)}\n`);
    }
    return thrown instanceof CommanderError && thrown.exitCode === 0 ? 0 : error.exitCode;
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
}
