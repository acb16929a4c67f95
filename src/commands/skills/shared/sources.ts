import fs from 'node:fs';
import path from 'node:path';
import { ApplySkillBody } from '../../../api/schemas/skills.js';
import { validateRequest } from '../../../api/validate.js';
import type { Context } from '../../../context.js';
import { WsError, usageError } from '../../../errors.js';
import type { IO } from '../../../io.js';
import { checkDepth, parseProblem, parseStructured, readText, requireObject } from '../../../cmdutil/inputs.js';
import type { Skills } from '../declaration.js';

type ApplyOptions = Skills['apply']['opts'];

/** One skill to apply: its POST body, or why it cannot be sent. `file` is undefined for a skill from flags. */
export interface SkillSource {
  file?: string;
  body?: ApplySkillBody;
  problem?: string;
}

const skillFileExtensions = /\.(md|ya?ml|json)$/i;
const bodyFields = ['name', 'slug', 'description', 'knowledge', 'tools', 'subAgents', 'sections'];
/** Skill fields the POST does not take; a file made from `ws skills get -o yaml` holds them, and they are skipped. */
const readOnlyFields = ['id', 'organizationId', 'organizationSlug', 'createdById', 'updatedById', 'createdAt', 'updatedAt', 'lastUsedAt', 'userAgent'];
const frontMatter = /^\uFEFF?---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)([\s\S]*)$/;

/** Markdown: YAML front matter between --- lines, then the knowledge. */
async function markdownFields(text: string, label: string): Promise<Record<string, unknown>> {
  const match = frontMatter.exec(text);
  if (!match) throw usageError(`${label}: no YAML front matter (the file must start with a --- line, then name, slug, description, then ---)`);
  const { parse } = await import('yaml');
  let fields: unknown;
  try {
    fields = parse(match[1] ?? '') ?? {};
  } catch (error) {
    throw usageError(`${label}: invalid front matter: ${parseProblem(error)}`);
  }
  checkDepth(fields, `${label} front matter`);
  const object = requireObject(fields, `${label} front matter`);
  if ('knowledge' in object) throw usageError(`${label}: knowledge belongs in the body of a Markdown skill file, not in its front matter`);
  return { ...object, knowledge: match[2]!.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd() };
}

const isText = (min: number, max: number) => (value: unknown) => typeof value === 'string' && value.length >= min && value.length <= max;
const isNameList = (value: unknown) => value === null || (Array.isArray(value) && value.every((item) => typeof item === 'string'));

/** Each field's rule in words, checked before the schema so that a file's author reads the rule, not a validator's. */
const fieldRules: [field: string, required: boolean, test: (value: unknown) => boolean, rule: string][] = [
  ['name', true, isText(1, 255), 'text of 1 to 255 characters'],
  ['slug', true, (value) => isText(1, 255)(value) && /^[a-z0-9_]+$/.test(value as string), '1 to 255 lower-case letters, digits and _'],
  ['description', true, isText(1, 1000), 'text of 1 to 1000 characters'],
  ['knowledge', true, isText(1, Infinity), 'text of at least 1 character (the body of a Markdown file)'],
  ['tools', false, isNameList, 'a list of tool names, e.g. [run_query]'],
  ['subAgents', false, isNameList, 'a list of agent names, e.g. [sql_helper, acme/summariser]'],
  ['sections', false, (value) => typeof value === 'object' && value !== null && !Array.isArray(value), 'a mapping of section names to values'],
];

function checkFields(fields: Record<string, unknown>, label: string): void {
  const problems = fieldRules.flatMap(([field, required, test, rule]) => {
    if (!(field in fields) || fields[field] === undefined) return required ? [`${field} is missing; it must be ${rule}`] : [];
    const value = fields[field];
    return test(value) ? [] : [`${field} ${JSON.stringify(value)?.slice(0, 60) ?? String(value)}: must be ${rule}`];
  });
  if (problems.length) throw usageError(`invalid ${label}: ${problems.join('; ')}`);
}

/** A skill file into a validated POST body; problems are usage errors naming the file and the field. */
async function loadFile(io: IO, file: string): Promise<ApplySkillBody> {
  const label = path.basename(file);
  if (!skillFileExtensions.test(file)) {
    throw usageError(fs.existsSync(file) ? `${label}: not a skill file (expected .md, .yaml, .yml or .json)` : `cannot read skill file ${file}: no such file`);
  }
  const text = await readText(io, file, 'skill file');
  const fields = /\.md$/i.test(file) ? await markdownFields(text, label) : requireObject(await parseStructured(text, label), label);
  const unknown = Object.keys(fields).filter((key) => !bodyFields.includes(key) && !readOnlyFields.includes(key));
  if (unknown.length)
    throw usageError(`${label}: unknown skill field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} (skill fields: ${bodyFields.join(', ')})`);
  checkFields(fields, label);
  const body = Object.fromEntries(bodyFields.filter((field) => field in fields).map((field) => [field, fields[field]]));
  return validateRequest(ApplySkillBody, { ...body, userAgent: 'cli' }, Object.fromEntries(bodyFields.map((field) => [field, `${label}: ${field}`])));
}

/** The files named on the command line; a directory stands for its skill files, sorted by name. */
function expand(args: string[]): SkillSource[] {
  return args.flatMap((arg): SkillSource[] => {
    if (!fs.statSync(arg, { throwIfNoEntry: false })?.isDirectory()) return [{ file: arg }];
    const files = fs
      .readdirSync(arg)
      .filter((name) => skillFileExtensions.test(name))
      .sort();
    return files.length
      ? files.map((name) => ({ file: path.join(arg, name) }))
      : [{ file: arg, problem: `${arg}: no .md, .yaml, .yml or .json files in this directory` }];
  });
}

/** Every file read and checked; a bad one carries its problem, and a slug given twice is a problem too. */
export async function skillsFromFiles(io: IO, args: string[]): Promise<SkillSource[]> {
  const sources = expand(args);
  const seen = new Map<string, string>();
  for (const source of sources) {
    if (source.problem) continue;
    try {
      source.body = await loadFile(io, source.file!);
    } catch (error) {
      if (!(error instanceof WsError)) throw error;
      source.problem = error.hint ? `${error.message}; ${error.hint}` : error.message;
      continue;
    }
    const earlier = seen.get(source.body.slug);
    if (earlier) {
      source.problem = `${path.basename(source.file!)}: the slug ${source.body.slug} is also in ${earlier}`;
      delete source.body;
    } else seen.set(source.body.slug, source.file!);
  }
  return sources;
}

/** One skill from --name, --slug, --description and --knowledge or --knowledge-file; a problem here is exit 2. */
export async function skillFromFlags(ctx: Context, opts: ApplyOptions): Promise<SkillSource> {
  if (opts.knowledge !== undefined && opts.knowledgeFile !== undefined) throw usageError('use --knowledge or --knowledge-file, not both');
  const given: [string, unknown][] = [
    ['--name', opts.name],
    ['--slug', opts.slug],
    ['--description', opts.description],
    ['--knowledge', opts.knowledge ?? opts.knowledgeFile],
  ];
  const missing = given.filter(([, value]) => value === undefined).map(([flag]) => flag);
  if (missing.length)
    throw usageError(`missing ${missing.join(', ')}`, 'pass skill files, or --name, --slug, --description and --knowledge (or --knowledge-file)');
  const knowledge = opts.knowledgeFile === undefined ? opts.knowledge : await readText(ctx.io, opts.knowledgeFile, '--knowledge-file');
  const body = validateRequest(
    ApplySkillBody,
    { name: opts.name, slug: opts.slug, description: opts.description, knowledge, tools: opts.tool, subAgents: opts.subAgent, userAgent: 'cli' },
    {
      name: '--name',
      slug: '--slug',
      description: '--description',
      knowledge: opts.knowledgeFile === undefined ? '--knowledge' : '--knowledge-file',
      tools: '--tool',
      subAgents: '--sub-agent',
    },
  );
  return { body };
}
