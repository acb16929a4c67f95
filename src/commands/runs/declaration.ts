import { chartOptions, examples, outOption, jsonFields, positiveInt, unknownCommandHints, type DeclaredAll, type Program } from '../../cmdutil/command.js';
import { queryRunResultFields, queryRunStatusFields } from '../../api/fields.js';

/** `ws runs`: its commands, their arguments, flags and help, as commander parses and prints them. */
export function declareRuns(program: Program) {
  const runs = program.command('runs').description('Query runs: status and history, result metadata, waiting for one to end');
  examples(runs, 'ws runs get 63febd46-11d3-4d45-9d1b-e534383986e4', 'ws runs wait 63febd46-11d3-4d45-9d1b-e534383986e4 --data');
  // the API lists runs only per query and per automation: say where, for the `ws runs list` a user will try
  const where = "a query's runs are listed by `ws queries runs <query>`, an automation's by `ws automations runs <automation>`";
  runs.addHelpText('after', `\nThe API has no list of all runs: ${where}.`);
  unknownCommandHints.set(runs, (word) => (/^(list|ls)$/.test(word) ? `the API has no list of all runs: ${where}` : undefined));

  const get = runs.command('get').description('Show the status and history of a query run').argument('<runId>', 'query run UUID');
  examples(get, 'ws runs get 63febd46-11d3-4d45-9d1b-e534383986e4', 'ws runs get 63febd46-11d3-4d45-9d1b-e534383986e4 --jq .status');
  jsonFields(get, queryRunStatusFields);

  const result = runs.command('result').description('Show the result metadata of a query run: rows, duration, columns').argument('<runId>', 'query run UUID');
  examples(result, 'ws runs result 63febd46-11d3-4d45-9d1b-e534383986e4');
  jsonFields(result, queryRunResultFields);

  const wait = outOption(
    chartOptions(
      runs
        .command('wait')
        .description('Wait for a query run to end; exit 5 if it failed, 6 on --timeout')
        .argument('<runId>', 'query run UUID')
        .option('--timeout <duration>', 'give up after this long (0 waits forever)', '30m')
        .option('--data', "print the query's rows when the run completed (else its final status)")
        .option('--limit <n>', 'with --data: rows wanted (default: every row; a table in a terminal and a chart show the first 1000)', positiveInt),
    ),
  );
  examples(wait, 'ws runs wait 63febd46-11d3-4d45-9d1b-e534383986e4', 'ws runs wait 63febd46-11d3-4d45-9d1b-e534383986e4 --timeout 10m --data -o csv');
  wait.addHelpText(
    'after',
    '\nThe API cannot cancel a query run: --timeout (exit 6) and Ctrl-C (130; SIGTERM 143, SIGHUP 129) stop the waiting, never the run.',
  );
  jsonFields(wait, queryRunStatusFields);
  return { get, result, wait };
}

/** What each `ws runs` command's declaration gives its verb: `Runs['<command>']['args' | 'opts']`. */
export type Runs = DeclaredAll<ReturnType<typeof declareRuns>>;
