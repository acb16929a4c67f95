import { settableKeys } from '../../config/store.js';
import { examples, jsonFields, type DeclaredAll, type Program } from '../../cmdutil/command.js';

/** `ws config`: its commands, their arguments, flags and help, as commander parses and prints them. */
export function declareConfig(program: Program) {
  const keys = Object.keys(settableKeys).join(', ');
  const config = program
    .command('config')
    .description('Read and change profile settings (base URL, default output, CA file)')
    .addHelpText('after', `\nSettings: ${keys}. The API key is managed by \`ws auth login|logout\`.`);
  examples(config, 'ws config set output json', 'ws config list');

  const list = config.command('list').description("List the profile's settings");
  examples(list, 'ws config list', 'ws config list --profile ci --json');
  jsonFields(list, Object.keys(settableKeys));

  const get = config.command('get').description('Print one setting').argument('<key>', keys);
  examples(get, 'ws config get base-url');

  const set = config.command('set').description('Change one setting').argument('<key>', keys).argument('<value>', 'the new value');
  examples(set, 'ws config set base-url https://workspace.example.com/public/v3', 'ws config set output json --profile ci');

  const unset = config.command('unset').description('Remove one setting').argument('<key>', keys);
  examples(unset, 'ws config unset output');

  const path = config.command('path').description('Print the path of the config file');
  examples(path, 'ws config path');
  return { list, get, set, unset, path };
}

/** What each `ws config` command's declaration gives its verb: `Config['<command>']['args' | 'opts']`. */
export type Config = DeclaredAll<ReturnType<typeof declareConfig>>;
