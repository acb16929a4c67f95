import { collect } from '../../cmdutil/inputs.js';
import { examples, type DeclaredAll, type Program } from '../../cmdutil/command.js';

/** `ws api`: its commands, their arguments, flags and help, as commander parses and prints them. */
export function declareApi(program: Program) {
  const api = program
    .command('api')
    .description('Send an authenticated request to any endpoint and print the response body')
    // commander cannot put an optional argument before a required one: `ws api PATH` or `ws api METHOD PATH`
    .argument('<method-or-path>', 'GET, POST, PATCH, PUT or DELETE (or -X), then the path; without a method: POST with fields or --input, else GET')
    .argument('[path]', 'path below the base URL, e.g. /queries?limit=5')
    .option('-X, --method <method>', 'the HTTP method')
    .option('-f, --raw-field <key=value>', 'a string field: a query parameter for GET and DELETE, a body field otherwise (repeatable)', collect)
    .option(
      '-F, --field <key=value>',
      'a typed field: true, false, null and numbers as JSON, @file the file’s text (@- stdin), else a string (repeatable)',
      collect,
    )
    .option('-H, --header <name:value>', 'an extra request header (repeatable; never x-api-key)', collect)
    .option('--input <file|->', 'the JSON request body from a file or stdin; fields then become query parameters')
    .option('-i, --include', 'print the status line and the response headers before the body (credentials redacted)')
    .option('--paginate', 'GET every page of a list (limit and offset) and print one envelope with every item; fields are query parameters');
  examples(
    api,
    'ws api GET /queries -f search=revenue -F limit=5',
    "ws api /automations --paginate -F limit=100 --jq '.workflows[].name'",
    'ws api -X PATCH /queries/10000000-0000-4000-8000-000000000001 -F sql=@daily.sql',
    'ws api PATCH /agents/sql_helper -F maxTurns=20',
    'ws api PATCH /chat-sessions/update -H x-session-id:50000000-0000-4000-8000-000000000001 -f visibility=organization',
    'ws api -i /queries/10000000-0000-4000-8000-000000000001',
  );
  api.addHelpText('after', '\nThe body is printed as the server sent it (JSON indented; --jq filters it). HTTP errors map to the usual exit codes.');
  return { api };
}

/** What each `ws api` command's declaration gives its verb: `Api['<command>']['args' | 'opts']`. */
export type Api = DeclaredAll<ReturnType<typeof declareApi>>;
