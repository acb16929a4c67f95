import { Command, Option } from 'commander';
import { chatSessionFields, chatSessionUpdateFields } from '../../api/fields.js';
import { examples, jsonFields, type Runner } from '../../cmdutil/command.js';

const sessionId = '50000000-0000-4000-8000-000000000001';

export function registerSessions(program: Command, runner: Runner): void {
  const sessions = program.command('sessions').description('Chat sessions: show one, change who sees it or its meta');
  examples(sessions, `ws sessions get ${sessionId}`, `ws sessions update ${sessionId} --visibility organization`);

  const get = sessions.command('get').description('Show one chat session').argument('<sessionId>', 'chat session id (a UUID or a legacy id)').action(runner(() => import('./get.js')));
  examples(get, `ws sessions get ${sessionId}`, `ws sessions get ${sessionId} --json visibility,meta`);
  jsonFields(get, chatSessionFields);

  const update = sessions
    .command('update')
    .description("Change a chat session's visibility or merge keys into its meta")
    .argument('<sessionId>', 'chat session UUID')
    .addOption(new Option('--visibility <who>', 'personal (owner only), organization (shared with its members) or public').choices(['personal', 'organization', 'public']))
    .option('--meta <json|@file>', 'JSON merged into the existing meta (an object adds or replaces keys), inline or from a file')
    .option('--dry-run', 'validate and print the request without sending it')
    .action(runner(() => import('./update.js')));
  examples(
    update,
    `ws sessions update ${sessionId} --visibility organization`,
    `ws sessions update ${sessionId} --meta '{"pinned": true}'`,
    `ws sessions update ${sessionId} --meta @meta.json --dry-run`,
  );
  update.addHelpText('after', '\nPrints the response of PATCH /chat-sessions/update: id, visibility, meta (after the merge) and updatedAt.');
  jsonFields(update, chatSessionUpdateFields);
}
