import { examples, type DeclaredAll, type Program } from '../../cmdutil/command.js';

const setup = `
Register it with an assistant (it runs \`ws mcp\` and talks to it on stdin and stdout):
  Claude Code   claude mcp add ws -- ws mcp
  Cursor        in .cursor/mcp.json:
    {"mcpServers": {"ws": {"command": "ws", "args": ["mcp"]}}}
  VS Code       in .vscode/mcp.json:
    {"servers": {"ws": {"type": "stdio", "command": "ws", "args": ["mcp"]}}}
Add --profile <name> after "mcp" for another profile; WS_API_KEY, WS_BASE_URL and WS_PROFILE work as for every command. Without a key or base URL the server still starts, and each tool answers with what to do.

Tools: list_queries, get_query, list_query_runs, get_query_run, execute_query, list_automations, get_automation, list_automation_runs, get_automation_run, get_agent, get_skill, get_chat_session, list_recent_failures.
Resources: each saved query, ws://queries/<slug> (its SQL, parameters and last known columns).
--allow-writes adds create_query, update_query, trigger_automation, cancel_automation_run, update_agent, upsert_skill and update_chat_session; without it they are not listed, and a call to one is refused.`;

/** `ws mcp`: its commands, their arguments, flags and help, as commander parses and prints them. */
export function declareMcp(program: Program) {
  const mcp = program
    .command('mcp')
    .description('Serve the workspace to AI assistants over MCP (stdio): find, run and read saved queries, automations, agents')
    .option('--allow-writes', 'also offer the tools that change the workspace (create and update queries, trigger and cancel automation runs, …)');
  mcp.addHelpText('after', setup);
  examples(mcp, 'claude mcp add ws -- ws mcp', 'claude mcp add ws-writes -- ws mcp --allow-writes --profile staging');
  return { mcp };
}

/** What each `ws mcp` command's declaration gives its verb: `Mcp['<command>']['args' | 'opts']`. */
export type Mcp = DeclaredAll<ReturnType<typeof declareMcp>>;
