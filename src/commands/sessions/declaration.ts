import { Option } from '@commander-js/extra-typings';
import { chatSessionFields, chatSessionUpdateFields } from '../../api/fields.js';
import { examples, jsonFields, type DeclaredAll, type Program } from '../../cmdutil/command.js';

const sessionId = '50000000-0000-4000-8000-000000000001';

/** `ws sessions`: its commands, their arguments, flags and help, as commander parses and prints them. */
export function declareSessions(program: Program) {
  const sessions = program.command('sessions').description('Chat sessions: show one, change who sees it or its meta');
  examples(sessions, `ws sessions get ${sessionId}`, `ws sessions update ${sessionId} --visibility organization`);

  const get = sessions.command('get').description('Show one chat session').argument('<sessionId>', 'chat session id (a UUID or a legacy id)');
  examples(get, `ws sessions get ${sessionId}`, `ws sessions get ${sessionId} --json visibility,meta`);
  jsonFields(get, chatSessionFields);

  const update = sessions
    .command('update')
    .description("Change a chat session's visibility or merge keys into its meta")
    .argument('<sessionId>', 'chat session UUID')
    .addOption(
      new Option('--visibility <who>', 'personal (owner only), organization (shared with its members) or public').choices([
        'personal',
        'organization',
        'public',
      ]),
    )
    .option('--meta <json|@file>', 'JSON merged into the existing meta (an object adds or replaces keys), inline or from a file')
    .option('--dry-run', 'validate and print the request without sending it');
  examples(
    update,
    `ws sessions update ${sessionId} --visibility organization`,
    `ws sessions update ${sessionId} --meta '{"pinned": true}'`,
    `ws sessions update ${sessionId} --meta @meta.json --dry-run`,
  );
  update.addHelpText('after', '\nPrints the response of PATCH /chat-sessions/update: id, visibility, meta (after the merge) and updatedAt.');
  jsonFields(update, chatSessionUpdateFields);
  return { get, update };
}

/** What each `ws sessions` command's declaration gives its verb: `Sessions['<command>']['args' | 'opts']`. */
export type Sessions = DeclaredAll<ReturnType<typeof declareSessions>>;
