import { Option } from '@commander-js/extra-typings';
import { executeQueryResponseFields, queryFields, queryRunFields, queryRunStatusFields } from '../../api/fields.js';
import { collect } from '../../cmdutil/inputs.js';
import { chartOptions, examples, outOption, jsonFields, nonNegativeInt, positiveInt, type DeclaredAll, type Program } from '../../cmdutil/command.js';

/** A left-out query: picked at a terminal, an error elsewhere (src/cmdutil/pickers.ts). */
const pickedQuery = 'query UUID, slug or name; left out at a terminal, picked from a list (elsewhere an error)';

/** `ws queries`: its commands, their arguments, flags and help, as commander parses and prints them. */
export function declareQueries(program: Program) {
  const queries = program
    .command('queries')
    .description('Saved SQL queries: list, show, create, update, execute, runs, data, pull, apply')
    .addHelpText('after', '\nA <query> is a query UUID, its slug or its name (any case when only one query has it).');
  examples(queries, 'ws queries list --search revenue', 'ws queries get daily_revenue');

  const list = queries
    .command('list')
    .description('List saved queries')
    .option('--search <text>', 'match name, description and slug')
    .addOption(new Option('--sort <field>', 'sort by').choices(['updated', 'created', 'name']))
    .addOption(new Option('--direction <dir>', 'sort direction').choices(['asc', 'desc']))
    .addOption(new Option('--source <source>', 'who made the query').choices(['human', 'agent', 'all']))
    .option('--created-by <uuid>', 'only queries created by this user')
    .addOption(new Option('--owner-org <uuid>', 'only queries owned by this organization').conflicts('platformOwned'))
    .option('--platform-owned', "only queries owned by the platform's own organization")
    .option('--no-runs', 'leave out the last runs (faster)')
    .option('--limit <n>', 'number of queries wanted (default 50; more than 100 fetches several pages)', positiveInt)
    .option('--offset <n>', 'queries to skip', nonNegativeInt)
    .option('--all', 'fetch every page');
  examples(
    list,
    'ws queries list',
    'ws queries list --search revenue --sort name --direction asc',
    'ws queries list --all -o csv > queries.csv',
    "ws queries list --json id,slug --jq '.queries[].slug'",
  );
  jsonFields(list, queryFields);

  const get = queries.command('get').description('Show one saved query').argument('[query]', pickedQuery);
  examples(get, 'ws queries get daily_revenue', 'ws queries get "Daily revenue"', 'ws queries get 3f6c1b9e-8a4d-4c1e-9a7b-2d5e6f708192 --json id,name,sql');
  jsonFields(get, queryFields);

  const create = queries
    .command('create')
    .description('Save a new SQL query')
    .requiredOption('--name <name>', 'name, 1 to 500 characters')
    .option('--sql <sql>', 'the SQL; name parameters as {{name}}')
    .option('--sql-file <path>', 'read the SQL from a file, or - for stdin')
    .option('--description <text>', 'up to 2000 characters')
    .option('--param <spec>', 'declare a parameter: name[:type][=default][:description] (repeatable)', collect)
    .option('--parameters-file <path>', 'parameters as a JSON or YAML array of {name, type, description, defaultValue}')
    .option('--metadata <json|@file>', 'any JSON value, inline or from a file')
    .option('--data-source <uuid>', 'data source to run it on')
    .option('--agent-run <uuid>', 'the agent run that made it')
    .option('--dry-run', 'validate and print the request without sending it');
  examples(
    create,
    'ws queries create --name "Daily revenue" --sql "SELECT order_date, sum(amount) FROM orders GROUP BY 1"',
    'ws queries create --name "Revenue since" --sql-file revenue.sql --param "start_date:date=2026-01-01:first day"',
    'cat report.sql | ws queries create --name Report --sql-file - --dry-run',
  );
  jsonFields(create, queryFields);

  const update = queries
    .command('update')
    .description('Change a saved query')
    .argument('[query]', pickedQuery)
    .option('--name <name>', 'new name, 1 to 500 characters')
    .option('--sql <sql>', 'new SQL')
    .option('--sql-file <path>', 'read the new SQL from a file, or - for stdin')
    .option('--description <text>', 'new description, up to 2000 characters')
    .option('--clear-description', 'remove the description')
    .option('--param <spec>', 'replace the parameters: name[:type][=default][:description] (repeatable)', collect)
    .option('--parameters-file <path>', 'replace the parameters from a JSON or YAML array')
    .option('--metadata <json|@file>', 'replace the metadata')
    .option('--dry-run', 'validate and print the request without sending it');
  examples(update, 'ws queries update daily_revenue --sql-file daily_revenue.sql', 'ws queries update daily_revenue --clear-description --dry-run');
  jsonFields(update, queryFields);

  const execute = outOption(
    chartOptions(
      queries
        .command('execute')
        .description('Run a saved query; with --wait, wait for it and print its rows')
        .argument('[query]', pickedQuery)
        .option('--param <name=value>', 'a parameter value (repeatable)', collect)
        .option('--metadata <json|@file>', 'a JSON object kept with the run')
        .option('--wait', 'wait for the run to end, then print the rows')
        .option('--timeout <duration>', 'with --wait: give up after this long, exit 6 (0 waits forever)', '30m')
        .option('--no-data', 'with --wait: print the final status instead of the rows')
        .option('--limit <n>', 'with --wait: rows wanted (default: every row; a table in a terminal and a chart show the first 1000)', positiveInt),
    ),
  );
  examples(
    execute,
    'ws queries execute daily_revenue --wait',
    'ws queries execute revenue_by_country --param start_date=2026-06-01 --wait -o csv > revenue.csv',
    'ws queries execute daily_revenue          # prints the run id; then: ws runs wait <id>',
    'ws queries execute revenue_by_country --wait -o chart --y revenue',
    'ws queries execute --wait               # at a terminal: pick the query, answer its parameters',
  );
  execute.addHelpText(
    'after',
    '\nExit codes: 5 if the run failed or was cancelled, 6 if --timeout passed (the run goes on), 130 on Ctrl-C, 143 on SIGTERM, 129 on SIGHUP.\nThe API cannot cancel a query run: --timeout and signals stop the waiting, never the run. A signal before the server answers the start says that a run may have started and how to find it (`ws queries runs <query>`).',
  );
  // without --wait: the API's answer; with --wait --no-data: the run's status; with --wait: the result's columns
  jsonFields(execute, [...executeQueryResponseFields, ...queryRunStatusFields.filter((f) => !executeQueryResponseFields.includes(f as never))]);

  const runs = queries
    .command('runs')
    .description('List the runs of a saved query, newest first')
    .argument('[query]', pickedQuery)
    .option('--limit <n>', 'runs wanted (default 20; more than 100 fetches several pages)', positiveInt)
    .option('--offset <n>', 'runs to skip', nonNegativeInt)
    .option('--all', 'fetch every page');
  examples(runs, 'ws queries runs daily_revenue', 'ws queries runs daily_revenue --all -o ndjson');
  jsonFields(runs, queryRunFields);

  const data = outOption(
    chartOptions(
      queries
        .command('data')
        .description('Print the rows of the latest successful run of a query')
        .argument('[query]', pickedQuery)
        .option('--limit <n>', 'rows wanted (default: every row; a table in a terminal and a chart show the first 1000)', positiveInt)
        .option('--offset <n>', 'rows to skip', nonNegativeInt)
        .option('--all', 'every row, streamed page by page (--jq sees them as one document, up to 16 MiB of JSON)')
        .option(
          '--run <queryRunId>',
          "only the rows of this query run: an error (data_replaced) once another run's rows have replaced them, so that rows read in parts are of one run",
        ),
    ),
  );
  examples(
    data,
    'ws queries data daily_revenue',
    'ws queries data daily_revenue -o chart',
    'ws queries data events_by_type -o chart --series event_type',
    'ws queries data daily_revenue --all -o csv > daily_revenue.csv',
    'ws queries data daily_revenue --all --out daily_revenue.csv',
    'ws queries data events_by_type --all -o ndjson | head',
  );

  const pull = queries
    .command('pull')
    .description('Write saved queries to <slug>.sql files: front matter with name, description, parameters, then the SQL')
    .argument('[dir]', 'directory to write to (default: the current one)')
    .argument('[query...]', 'only these queries (UUID, slug or name); default: all')
    .option('--force', 'overwrite files that differ from the server (they may hold edits not yet applied)');
  examples(pull, 'ws queries pull queries/', 'ws queries pull queries/ daily_revenue revenue_by_country', 'ws queries pull . --force');
  jsonFields(pull, ['slug', 'id', 'file', 'action']);

  const apply = queries
    .command('apply')
    .description('Create or update saved queries from <slug>.sql files, matched by slug; prints the plan first')
    .argument('<file|dir...>', '.sql files, or directories of them')
    .option('--dry-run', 'print the plan and send nothing; exit 8 when changes are pending');
  examples(
    apply,
    'ws queries apply queries/',
    'ws queries apply queries/daily_revenue.sql --dry-run',
    'ws queries apply queries/ --dry-run || echo "drift: exit $?"',
  );
  apply.addHelpText(
    'after',
    '\nExit codes: 0 applied (or nothing to do), 2 a bad file (file:line: rule; nothing sent), 8 with --dry-run when changes are pending.',
  );
  jsonFields(apply, ['queries', 'created', 'updated', 'unchanged', 'dryRun']);
  return { list, get, create, update, execute, runs, data, pull, apply };
}

/** What each `ws queries` command's declaration gives its verb: `Queries['<command>']['args' | 'opts']`. */
export type Queries = DeclaredAll<ReturnType<typeof declareQueries>>;
