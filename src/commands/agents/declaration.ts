import { Option } from '@commander-js/extra-typings';
import { agentFields } from '../../api/fields.js';
import { collect } from '../../cmdutil/inputs.js';
import { examples, jsonFields, positiveInt, type DeclaredAll, type Program } from '../../cmdutil/command.js';

const agentId = '30000000-0000-4000-8000-000000000001';

/** `ws agents`: its commands, their arguments, flags and help, as commander parses and prints them. */
export function declareAgents(program: Program) {
  const agents = program
    .command('agents')
    .description('Agent configurations: show and update them, from flags or from a file kept in version control')
    .addHelpText('after', '\nAn <agent> is an agent UUID or its name (slug).');
  examples(
    agents,
    'ws agents get sql_helper',
    'ws agents get sql_helper -o yaml > agents/sql_helper.yaml',
    'ws agents update sql_helper --from-file agents/sql_helper.yaml --dry-run',
  );

  const get = agents.command('get').description('Show one agent configuration').argument('<agent>', 'agent UUID or name');
  examples(
    get,
    'ws agents get sql_helper',
    `ws agents get ${agentId} --json name,maxTurns,skills`,
    'ws agents get sql_helper -o yaml > agents/sql_helper.yaml',
  );
  jsonFields(get, agentFields);

  const update = agents
    .command('update')
    .description('Change an agent configuration (only the fields given are sent)')
    .argument('<agent>', 'agent UUID or name')
    .option('--description <text>', 'new description, up to 1000 characters')
    .addOption(new Option('--kind <kind>', 'agent kind').choices(['chat', 'sub']))
    .addOption(new Option('--handler <type>', 'handler type (handlerType)').choices(['database', 'code']))
    .option('--system-prompt <text>', 'new system prompt')
    .option('--system-prompt-file <path>', 'read the system prompt from a file, or - for stdin')
    .option('--tools-file <path>', 'replace the tools: a JSON or YAML array of {name, config}')
    .option('--sub-agent <name>', 'replace the sub-agents with these: [org/]name (repeatable)', collect)
    .option('--skill <slug>', 'replace the skills with these (repeatable)', collect)
    .option('--max-turns <n>', 'most turns per conversation, 1 to 50', positiveInt)
    .option('--metadata <json|@file>', 'replace the metadata: a JSON object, inline or from a file')
    .option('--input-schema-file <path>', 'replace the input schema: a JSON or YAML object')
    .option('--output-schema-file <path>', 'replace the output schema: a JSON or YAML object')
    .option('--from-file <path>', 'take the fields from a JSON or YAML file (flags win over it), or - for stdin')
    .option('--dry-run', 'validate, read the agent and print the request and what would change; send no update');
  examples(
    update,
    'ws agents update sql_helper --max-turns 20 --skill revenue_analysis --skill sql_style',
    'ws agents update sql_helper --system-prompt-file prompts/sql_helper.md',
    'ws agents update sql_helper --from-file agents/sql_helper.yaml --dry-run',
    'ws agents get sql_helper -o yaml > a.yaml && $EDITOR a.yaml && ws agents update sql_helper --from-file a.yaml',
  );
  update.addHelpText(
    'after',
    `
Files (--from-file):
  A JSON or YAML object with the fields of the update, in the API's words: description, kind, handlerType,
  systemPrompt, tools, subAgents, skills, maxTurns, metadata, inputSchema, outputSchema, userAgent.
  Fields the API does not change (id, name, status, organization, timestamps) are skipped, so the output of
  \`ws agents get <agent> -o yaml\` can be edited and applied; its id or name must match <agent>.
  Lists (tools, subAgents, skills) replace the agent's; null clears tools and subAgents.

Everything is checked against the API's limits before sending; a violation exits 2 naming the flag or the
file field. --dry-run sends one GET (to compare) and no PATCH; with -o json it prints
{dryRun, method, path, body, changes: {field: {from, to}}, unchanged: [field]}.`,
  );
  jsonFields(update, agentFields);
  return { get, update };
}

/** What each `ws agents` command's declaration gives its verb: `Agents['<command>']['args' | 'opts']`. */
export type Agents = DeclaredAll<ReturnType<typeof declareAgents>>;
