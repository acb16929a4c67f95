import { Command, Option } from 'commander';
import { queryFields } from '../../api/fields.js';
import { examples, jsonFields, nonNegativeInt, positiveInt, type Runner } from '../shared.js';

export function registerQueries(program: Command, runner: Runner): void {
  const queries = program
    .command('queries')
    .description('Saved SQL queries: list, show, create, update, execute')
    .addHelpText('after', '\nA <query> is a query UUID or its slug.');
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
    .option('--all', 'fetch every page')
    .action(runner(() => import('./list.js')));
  examples(list, 'ws queries list', 'ws queries list --search revenue --sort name --direction asc', 'ws queries list --all -o csv > queries.csv', "ws queries list --json id,slug --jq '.queries[].slug'");
  jsonFields(list, queryFields);

  const get = queries
    .command('get')
    .description('Show one saved query')
    .argument('<query>', 'query UUID or slug')
    .action(runner(() => import('./get.js')));
  examples(get, 'ws queries get daily_revenue', 'ws queries get 3f6c1b9e-8a4d-4c1e-9a7b-2d5e6f708192 --json id,name,sql');
  jsonFields(get, queryFields);
}
