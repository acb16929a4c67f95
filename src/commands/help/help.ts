import type { CommandUnknownOpts as Command } from '@commander-js/extra-typings';
import { usageError } from '../../errors.js';
import { helpTopics } from '../../help/topics.js';
import { closest } from '../../text.js';
import { shellCommand } from '../../shell.js';

/**
 * What `ws help <words>` asks for: a topic's text, or nothing when the words name a command (commander shows
 * its help). Words that name neither are a usage error with the likeliest meaning, never root help and 0.
 */
export function helpTopic(words: string[], program: Command): string | undefined {
  // own keys only: `ws help constructor` is no topic (it once printed the root help, exit 0)
  const topic = words.length === 1 && Object.hasOwn(helpTopics, words[0]!) ? helpTopics[words[0]!] : undefined;
  if (topic) return topic.text;
  let at = program;
  for (const [index, word] of words.entries()) {
    const next = at.commands.find((command) => command.name() === word || command.aliases().includes(word));
    if (next) {
      at = next;
      continue;
    }
    const names = at.commands.map((command) => command.name());
    const candidates = index === 0 ? [...names, ...Object.keys(helpTopics)] : names;
    const guess = closest(word, candidates);
    const place = index === 0 ? 'no help topic or command' : `\`ws ${words.slice(0, index).join(' ')}\` has no command`;
    throw usageError(
      `${place} "${word}"`,
      guess ? `did you mean \`${shellCommand('ws', 'help', ...words.slice(0, index), guess)}\`?` : `run \`ws help\` for the commands and topics`,
    );
  }
  return undefined;
}
