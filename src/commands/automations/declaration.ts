import { Option } from '@commander-js/extra-typings';
import { automationFields, automationRunFields, stepRunFields } from '../../api/fields.js';
import { collect } from '../../cmdutil/inputs.js';
import { examples, jsonFields, nonNegativeInt, positiveInt, type DeclaredAll, type Program } from '../../cmdutil/command.js';
import { runDetailFields } from './shared/automation-view.js';

const run = '9b2f3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const automation = '20000000-0000-4000-8000-000000000001';

/** A left-out automation or run: picked at a terminal, an error elsewhere (src/cmdutil/pickers.ts). */
const pickedAutomation = 'automation UUID or name; left out at a terminal, picked from a list (elsewhere an error)';
const pickedRun = 'automation run UUID; left out at a terminal, picked from the recent runs of an automation picked first (elsewhere an error)';

/** `ws automations`: its commands, their arguments, flags and help, as commander parses and prints them. */
export function declareAutomations(program: Program) {
  const automations = program
    .command('automations')
    .description('Scheduled automations: list, trigger, follow and cancel their runs')
    .addHelpText('after', '\nAn <automation> is an automation UUID or its name (any case when only one automation has it).');
  examples(automations, 'ws automations list', `ws automations trigger ${automation} --wait`);

  const list = automations
    .command('list')
    .description('List automations')
    .option('--search <text>', 'match name and description')
    .addOption(new Option('--sort <field>', 'sort by').choices(['updated', 'created', 'name']))
    .addOption(new Option('--direction <dir>', 'sort direction').choices(['asc', 'desc']))
    .addOption(new Option('--ownership <which>', 'whose automations').choices(['all', 'owned', 'granted']))
    .option('--created-by <id>', 'only automations created by this user')
    .option('--latest-run', 'include each automation’s latest run (JSON output)')
    .option('--limit <n>', 'automations wanted (default 50; more than 200 fetches several pages)', positiveInt)
    .option('--offset <n>', 'automations to skip', nonNegativeInt)
    .option('--all', 'fetch every page');
  examples(list, 'ws automations list', 'ws automations list --search revenue --sort name --direction asc', 'ws automations list --latest-run --json');
  jsonFields(list, automationFields);

  const get = automations.command('get').description('Show one automation').argument('[automation]', pickedAutomation);
  examples(get, `ws automations get ${automation}`, 'ws automations get "Morning revenue report"');
  jsonFields(get, automationFields);

  const runs = automations
    .command('runs')
    .description('List the runs of an automation, newest first')
    .argument('[automation]', pickedAutomation)
    .option('--limit <n>', 'runs wanted (default 20; more than 100 fetches several pages)', positiveInt)
    .option('--offset <n>', 'runs to skip', nonNegativeInt)
    .option('--all', 'fetch every page');
  examples(runs, `ws automations runs ${automation}`, `ws automations runs ${automation} --all -o csv`);
  jsonFields(runs, automationRunFields);

  const trigger = automations
    .command('trigger')
    .description('Start a run of an automation; with --wait, follow it to the end')
    .argument('[automation]', pickedAutomation)
    .option('--input <key=value>', 'an input value (repeatable)', collect)
    .option('--inputs-file <path>', 'input values from a JSON or YAML object (- for stdin)')
    .option('--metadata <json|@file>', 'a JSON object kept with the run')
    .option('--wait', 'wait for the run to end and print it')
    .option('--timeout <duration>', 'with --wait: give up after this long, exit 6 (0 waits forever)', '30m')
    .option('--cancel-on-interrupt', 'with --wait: Ctrl-C (or SIGTERM, SIGHUP) cancels the run before exiting')
    .option('--cancel-on-timeout', 'with --wait: --timeout cancels the run before exiting 6 (by default it goes on)')
    .option('--dry-run', 'validate and print the request without sending it');
  examples(
    trigger,
    `ws automations trigger ${automation} --wait`,
    `ws automations trigger ${automation} --input start_date=2026-06-01 --wait --cancel-on-interrupt`,
    `ws automations trigger ${automation} --wait --timeout 10m --cancel-on-timeout --cancel-on-interrupt   # in CI: leave no run behind`,
    `ws automations trigger ${automation} --inputs-file inputs.yaml --dry-run`,
  );
  trigger.addHelpText(
    'after',
    '\nExit codes with --wait: 5 if the run failed or was cancelled, 6 if --timeout passed (the run goes on, unless --cancel-on-timeout), 130 on Ctrl-C, 143 on SIGTERM, 129 on SIGHUP.\nA signal before the server answers the start says that a run may have started and how to find it; a second signal ends ws at once, after saying where the run was left.',
  );
  jsonFields(trigger, automationRunFields);

  // Named apart from `runs` (the runs of an automation); `run`, its first name, still works, as gh keeps old names.
  const show = automations
    .command('get-run')
    .alias('run')
    .description('Show one automation run with its step runs as a timeline')
    .argument('[runId]', pickedRun);
  examples(show, `ws automations get-run ${run}`, `ws automations get-run ${run} --json`);
  show.addHelpText('after', '\nAlias: `ws automations run <runId>` (the former name).');
  jsonFields(show, runDetailFields);

  const result = automations
    .command('result')
    .description('Print the complete result of a run: step outputs, durations, errors')
    .argument('<runId>', 'automation run UUID');
  examples(result, `ws automations result ${run}`, `ws automations result ${run} --jq '.steps[] | {name, state}'`);

  const steps = automations.command('steps').description('List the step runs of a run with their states').argument('<runId>', 'automation run UUID');
  examples(steps, `ws automations steps ${run}`, `ws automations steps ${run} -o json`);
  jsonFields(steps, stepRunFields);

  const wait = automations
    .command('wait')
    .description('Wait for a run to end and print it, as trigger --wait does; exit 5 if it failed or was cancelled, 6 on --timeout')
    .argument('[runId]', pickedRun)
    .option('--timeout <duration>', 'give up after this long (0 waits forever)', '30m')
    .option('--cancel-on-timeout', '--timeout cancels the run before exiting 6 (by default it goes on)');
  examples(wait, `ws automations wait ${run}`, `ws automations wait ${run} --timeout 5m`, `ws automations wait ${run} --json state`);
  jsonFields(wait, automationRunFields);
  wait.addHelpText(
    'after',
    '\nExit codes: 5 if the run failed or was cancelled, 6 if --timeout passed (the run goes on, unless --cancel-on-timeout), 130 on Ctrl-C, 143 on SIGTERM, 129 on SIGHUP; the run goes on after a signal.',
  );

  const watch = automations
    .command('watch')
    .description('Show a run as it happens: each step with its state and time, to the end')
    .argument('[runId]', pickedRun)
    .option('--timeout <duration>', 'give up after this long (0 waits forever)', '30m')
    .option('--cancel-on-timeout', '--timeout cancels the run before exiting 6 (by default it goes on)');
  examples(watch, `ws automations watch ${run}`, `ws automations watch ${run} --json > run.json`);
  watch.addHelpText(
    'after',
    '\nOn a terminal the steps are redrawn in place; elsewhere one line per change of state (a CI log reads as a timeline).\nExit codes: 5 if the run failed or was cancelled, 6 if --timeout passed (the run goes on, unless --cancel-on-timeout), 130 on Ctrl-C, 143 on SIGTERM, 129 on SIGHUP.',
  );
  jsonFields(watch, runDetailFields);

  const cancel = automations
    .command('cancel')
    .description('Cancel a pending or running run')
    .argument('[runId]', pickedRun)
    .option('--dry-run', 'print the request without sending it');
  examples(cancel, `ws automations cancel ${run}`, `ws automations cancel ${run} --dry-run`);
  jsonFields(cancel, runDetailFields);
  return { list, get, runs, trigger, 'get-run': show, result, steps, wait, watch, cancel };
}

/** What each `ws automations` command's declaration gives its verb: `Automations['<command>']['args' | 'opts']`. */
export type Automations = DeclaredAll<ReturnType<typeof declareAutomations>>;
