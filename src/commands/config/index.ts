import type { Command } from 'commander';
import { settableKeys } from '../../config/store.js';
import { examples, jsonFields, type Runner } from '../../cmdutil/command.js';

export function registerConfig(program: Command, runner: Runner): void {
  const keys = Object.keys(settableKeys).join(', ');
  const config = program
    .command('config')
    .description('Read and change profile settings (base URL, default output, CA file)')
    .addHelpText('after', `\nSettings: ${keys}. The API key is managed by \`ws auth login|logout\`.`);
  examples(config, 'ws config set output json', 'ws config list');

  const list = config.command('list').description("List the profile's settings").action(runner(() => import('./list.js')));
  examples(list, 'ws config list', 'ws config list --profile ci --json');
  jsonFields(list, Object.keys(settableKeys));

  const get = config.command('get').description('Print one setting').argument('<key>', keys).action(runner(() => import('./get.js')));
  examples(get, 'ws config get base-url');

  const set = config.command('set').description('Change one setting').argument('<key>', keys).argument('<value>', 'the new value').action(runner(() => import('./set.js')));
  examples(set, 'ws config set base-url https://workspace.example.com/public/v3', 'ws config set output json --profile ci');

  const unset = config.command('unset').description('Remove one setting').argument('<key>', keys).action(runner(() => import('./unset.js')));
  examples(unset, 'ws config unset output');

  const path = config.command('path').description('Print the path of the config file').action(runner(() => import('./path.js')));
  examples(path, 'ws config path');
}
