import { Option, type Command, type OptionValues } from '@commander-js/extra-typings';
import { collect } from '../../cmdutil/inputs.js';
import { defaultCommand, examples, nonNegativeInt, positiveInt, type DeclaredAll, type Program } from '../../cmdutil/command.js';

/** The flags of `ws emulator start` and `ws emulator exec`. */
function emulatorFlags<Args extends unknown[], Opts extends OptionValues, Globals extends OptionValues>(command: Command<Args, Opts, Globals>) {
  return command
    .option('--port <n>', 'port to listen on; 0 picks a free one', nonNegativeInt, 8787)
    .option('--host <host>', 'loopback address to listen on', '127.0.0.1')
    .option(
      '--allow-host <name>',
      "serve this Host name too (a local TLS terminator's), on any port, as loopback addresses and localhost are; repeatable",
      collect,
    )
    .option('--data-dir <dir>', 'keep state in this folder across restarts (default: in memory)')
    .option('--api-key <key>', 'accepted API key, repeatable; KEY:ORG puts the key in its own organization (default wsk_emulator_demo)', collect)
    .addOption(new Option('--seed <seed>', 'demo data for an empty workspace').choices(['demo', 'none']).default('demo'))
    .option('--latency <duration>', 'delay every API response, e.g. 200ms')
    .option('--fault-rate <rate>', 'share of API requests (0 to 1) failed with 429, 503 or a dropped connection')
    .option('--fault-seed <n>', 'seed of the random fault stream, for repeatable runs', nonNegativeInt, 1)
    .option('--step-duration <duration>', 'how long each run state lasts at least', '300ms')
    .option('--max-body-size <size>', 'largest request body accepted, e.g. 1MiB (default; 413 beyond)')
    .option('--run-timeout <duration>', 'a run whose SQL takes longer fails, e.g. 60s (default)')
    .option('--memory-limit <size>', "memory of each organization's SQL engine, e.g. 1GiB (default)")
    .option('--threads <n>', "threads of each organization's SQL engine (default 2)", positiveInt)
    .option('--max-result-size <size>', 'largest result a run may keep, as JSON, e.g. 100MiB (default)')
    .option('--time-zone <name>', "the SQL sessions' time zone (an IANA name, e.g. Europe/Berlin), whatever the machine's", 'UTC');
}

/** `ws emulator`: its commands, their arguments, flags and help, as commander parses and prints them. */
export function declareEmulator(program: Program) {
  const emulator = program.command('emulator').description('Serve the whole Workspace API v3 on loopback, with demo data, for offline work and tests');

  const start = emulatorFlags(defaultCommand(emulator, 'start').description('Start the emulator and serve until Ctrl-C (the default)'));
  examples(
    start,
    'ws emulator',
    'ws emulator --port 0 --data-dir ./.ws-emulator',
    'ws emulator --allow-host ws.dev.test',
    'ws emulator --api-key team_a --api-key team_b:other_org --fault-rate 0.2',
  );

  const exec = emulatorFlags(
    emulator.command('exec').description('Start the emulator, run a command with WS_BASE_URL and WS_API_KEY set, stop it, exit with its code'),
  ).argument('<command...>', 'the command to run, after --');
  examples(exec, 'ws emulator exec -- ws queries list', 'ws emulator exec --step-duration 0 -- npm run my-ci-checks');
  examples(emulator, 'ws emulator --port 0', 'ws emulator exec -- ws queries list');
  emulator.addHelpText(
    'after',
    '\n`ws emulator` is `ws emulator start`: see `ws help emulator start` for --port, --host, --allow-host, --data-dir, --api-key, --seed, --latency, --fault-rate, --step-duration and the limits (--max-body-size, --run-timeout, --memory-limit, --threads, --max-result-size) and --time-zone.',
  );
  return { start, exec };
}

/** What each `ws emulator` command's declaration gives its verb: `Emulator['<command>']['args' | 'opts']`. */
export type Emulator = DeclaredAll<ReturnType<typeof declareEmulator>>;
