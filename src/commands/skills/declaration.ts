import { skillFields } from '../../api/fields.js';
import { collect } from '../../cmdutil/inputs.js';
import { examples, jsonFields, type DeclaredAll, type Program } from '../../cmdutil/command.js';

/** `ws skills`: its commands, their arguments, flags and help, as commander parses and prints them. */
export function declareSkills(program: Program) {
  const skills = program
    .command('skills')
    .description('Skills: show them, and create or update them from Markdown, YAML or JSON files kept in version control')
    .addHelpText('after', '\nA <skill> is a skill UUID or its slug.');
  examples(skills, 'ws skills get revenue_analysis', 'ws skills apply skills/', 'ws skills apply skills/*.md --dry-run');

  const get = skills.command('get').description('Show one skill with its knowledge').argument('<skill>', 'skill UUID or slug');
  examples(
    get,
    'ws skills get revenue_analysis',
    'ws skills get revenue_analysis --json slug,knowledge',
    'ws skills get revenue_analysis -o yaml > skills/revenue_analysis.yaml',
  );
  jsonFields(get, skillFields);

  const apply = skills
    .command('apply')
    .description('Create or update skills from files (or one from flags); a skill is matched by its slug')
    .argument('[file...]', 'skill files (.md, .yaml, .yml, .json) or directories of them')
    .option('--name <name>', 'name, 1 to 255 characters')
    .option('--slug <slug>', 'slug: lower-case letters, digits and _')
    .option('--description <text>', '1 to 1000 characters')
    .option('--knowledge <text>', 'what the skill teaches (Markdown)')
    .option('--knowledge-file <path>', 'read the knowledge from a file as it is, or - for stdin')
    .option('--tool <name>', 'a tool the skill uses (repeatable)', collect)
    .option('--sub-agent <name>', 'a sub-agent the skill uses: [org/]name (repeatable)', collect)
    .option('--dry-run', 'print the plan (created, updated with each change, unchanged) and send nothing; exit 8 when changes are pending');
  examples(
    apply,
    'ws skills apply skills/',
    'ws skills apply skills/*.md --dry-run',
    'ws skills apply --name "SQL style" --slug sql_style --description "House style for SQL" --knowledge-file sql_style.md --tool run_query',
  );
  apply.addHelpText(
    'after',
    `
Skill files:
  Markdown: YAML front matter between --- lines holding name, slug, description and optionally tools,
  subAgents and sections; the body below it is the knowledge (blank lines around it are dropped).
      ---
      name: Revenue analysis
      slug: revenue_analysis
      description: How revenue is defined in this workspace
      tools: [run_query]
      ---
      Revenue counts orders with status paid only.
  JSON or YAML: an object with the same fields and knowledge. The output of \`ws skills get <skill> -o yaml\`
  works as is (id, timestamps and other read-only fields are skipped).
  A directory stands for its .md, .yaml, .yml and .json files (not its subdirectories), in name order.

Each skill is looked up by slug first (GET /skills/{slug}), then sent (POST /skills) unless it already has every
value; stderr reports "created <slug>", "updated <slug>" or "unchanged <slug>". stdout lists the skills (SLUG,
NAME, ACTION, ID); with -o json: {"skills": [<skill as the API returned it>...], "created": [slug...],
"updated": [slug...], "unchanged": [slug...]}.
--dry-run looks the skills up the same way and prints the plan, as \`ws queries apply --dry-run\` does: each skill
created, updated (with each changed field, the knowledge as a diff) or unchanged; sends nothing. With -o json:
{"dryRun": true, "skills": [{slug, file, action, id, changes, notes}...], "created", "updated", "unchanged"}.
A file that cannot be read or fails validation is named with the reason and skipped; the others are still
applied (or planned). Exit code 2 if any file was invalid, else 1 if the API refused one; 8 with --dry-run when
changes are pending; 0 otherwise.`,
  );
  jsonFields(apply, skillFields);
  return { get, apply };
}

/** What each `ws skills` command's declaration gives its verb: `Skills['<command>']['args' | 'opts']`. */
export type Skills = DeclaredAll<ReturnType<typeof declareSkills>>;
