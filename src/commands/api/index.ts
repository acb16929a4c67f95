import type { Command } from 'commander';
import { collect } from '../inputs.js';
import { examples, type Runner } from '../shared.js';

export function registerApi(program: Command, runner: Runner): void {
  const api = program
    .command('api')
    .description('Send an authenticated request to any endpoint and print the response body')
    .argument('<method>', 'GET, POST, PATCH, PUT or DELETE')
    .argument('<path>', 'path below the base URL, e.g. /queries?limit=5')
    .option('-f, --field <key=value>', 'a string field: a query parameter for GET and DELETE, a body field otherwise (repeatable)', collect)
    .option('-H, --header <name:value>', 'an extra request header (repeatable; never x-api-key)', collect)
    .option('--input <file|->', 'the JSON request body from a file or stdin; -f fields then become query parameters')
    .action(runner(() => import('./request.js')));
  examples(
    api,
    'ws api GET /queries -f limit=5 -f search=revenue',
    'ws api POST /queries/10000000-0000-4000-8000-000000000001/execute -f userAgent=cli',
    'ws api PATCH /chat-sessions/update -H x-session-id:50000000-0000-4000-8000-000000000001 --input session.json',
    "ws api GET /automations --jq '.workflows[].name'",
  );
  api.addHelpText('after', '\nThe body is printed as the server sent it (JSON indented; --jq filters it). HTTP errors map to the usual exit codes.');
}
