// `npm run docs`: the command reference, written from the command tree the help shows (commandManual() of the
// built dist/cli.cjs), as gh's gen-docs writes its manual: docs/commands/<ws-group-verb>.md and man/<ws-group-verb>.1.
// Never edit those files by hand; test/unit/docs.test.ts fails when they differ from what this writes.
// The output depends on the tree alone: no date, no path of this machine, no terminal width.
// It sets package.json's man to the pages too. `--out <dir>` writes under another directory (the test's) instead
// of the repository.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

/** The file name of a page, from its command's words: `ws queries execute` is ws-queries-execute. */
const pageName = (words) => words.join('-');

// ---- markdown ----

/** Text of help as markdown: `code` spans kept, every other character that markdown reads escaped. */
function markdownText(text) {
  return (
    text
      .split(/(`[^`]*`)/)
      // an underscore inside a word emphasises nothing (WS_API_KEY stays as it is)
      .map((part, index) => (index % 2 === 1 ? part : part.replace(/[\\*[\]<>&|~]|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu, '\\$&')))
      .join('')
      .replace(/^([#+>-]|\d+[.)])/, '\\$1')
  );
}

/** A code span holding text as it is, whatever backticks it has. */
function markdownCode(text) {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return longest > 0 ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}

/** A fenced block holding lines as they are. */
function markdownBlock(lines, language = '') {
  const longest = Math.max(2, ...lines.flatMap((line) => line.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${lines.join('\n')}\n${fence}`;
}

/**
 * Notes as help prints them, cut into what the page lays out: runs of lines at the margin are paragraphs (their
 * line breaks are the help's wrapping), indented runs are kept as they are (lists, examples of files).
 */
function noteBlocks(notes) {
  const blocks = [];
  for (const paragraph of notes.split(/\n\s*\n/)) {
    for (const line of paragraph.split('\n')) {
      const indented = /^\s/.test(line);
      const last = blocks.at(-1);
      if (last && last.indented === indented && last.paragraph === paragraph) last.lines.push(line);
      else blocks.push({ indented, paragraph, lines: [line] });
    }
  }
  return blocks.map(({ indented, lines }) => {
    if (!indented) return { kind: 'text', text: lines.map((line) => line.trim()).join(' ') };
    const margin = Math.min(...lines.filter((line) => line.trim()).map((line) => /^\s*/.exec(line)[0].length));
    return { kind: 'verbatim', lines: lines.map((line) => line.slice(margin).trimEnd()) };
  });
}

function markdownItems(items) {
  return items.map(({ term, description }) => `- ${markdownCode(term)}${description ? `: ${markdownText(description)}` : ''}`).join('\n');
}

function markdownPage(page, pages) {
  const title = page.path.join(' ');
  const link = (words) => `[${words.join(' ')}](${pageName(words)}.md)`;
  const out = [`# ${title}`, markdownText(page.description), markdownBlock([page.usage])];
  for (const block of noteBlocks(page.notes)) out.push(block.kind === 'text' ? markdownText(block.text) : markdownBlock(block.lines, 'text'));
  if (page.aliases.length) out.push('## Aliases', page.aliases.map((alias) => markdownCode([...page.path.slice(0, -1), alias].join(' '))).join(', '));
  if (page.commands.length) out.push('## Commands', page.commands.map((command) => `- ${link(command.path)}: ${markdownText(command.summary)}`).join('\n'));
  if (page.arguments.length) out.push('## Arguments', markdownItems(page.arguments));
  if (page.options.length) out.push('## Options', markdownItems(page.options));
  if (page.inheritedOptions.length) out.push('## Options inherited from parent commands', markdownItems(page.inheritedOptions));
  if (page.jsonFields.length) out.push('## JSON fields', `For \`--json a,b\`: ${page.jsonFields.map(markdownCode).join(', ')}`);
  if (page.examples.length)
    out.push(
      '## Examples',
      markdownBlock(
        page.examples.map((line) => `$ ${line}`),
        'sh',
      ),
    );
  for (const topic of page.topics) {
    out.push(`## ${markdownText(topic.title)}`, `As \`ws help ${topic.name}\` prints it.`);
    for (const block of noteBlocks(topic.text)) out.push(block.kind === 'text' ? markdownText(block.text) : markdownBlock(block.lines, 'text'));
  }
  // the commands below are linked above
  if (page.path.length > 1) out.push('## See also', `- ${link(page.path.slice(0, -1))}: ${markdownText(pages.get(pageName(page.path.slice(0, -1))).summary)}`);
  return `${out.join('\n\n')}\n`;
}

// ---- man pages (roff, the man macros) ----

/**
 * Text for roff: a backslash printed as one, every hyphen a minus (so that `--wait` pastes as typed, not as
 * hyphens), characters beyond ASCII by their code (any groff or mandoc reads them, whatever the locale), and a
 * line that would start with a control character (. or ') made plain text with \&.
 */
function roffText(text) {
  return text
    .replace(/\\/g, '\\e')
    .replace(/-/g, '\\-')
    .replace(/[^\x20-\x7e\n]/gu, (char) => `\\[u${char.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}]`)
    .replace(/^[.']/gm, '\\&$&');
}

/** Prose: `code` spans in bold, the rest as text. */
function roffProse(text) {
  return text
    .split(/(`[^`]*`)/)
    .map((part, index) => (index % 2 === 1 ? `\\fB${roffText(part.slice(1, -1))}\\fR` : roffText(part)))
    .join('')
    .replace(/^[.']/gm, '\\&$&');
}

/** A macro's argument, quoted: a double quote inside is \(dq. */
const roffArgument = (text) => `"${roffText(text).replace(/"/g, '\\(dq')}"`;

/** An option or argument: flags in bold, the <value> or [value] they take in italics. */
function roffTerm(term) {
  return term
    .split(/(<[^>]*>|\[[^\]]*\])/)
    .map((part, index) => (part === '' ? '' : index % 2 === 1 ? `\\fI${roffText(part)}\\fR` : `\\fB${roffText(part)}\\fR`))
    .join('');
}

/** Lines shown as they are, indented. */
const roffVerbatim = (lines) => ['.PP', '.RS 4', '.nf', ...lines.map((line) => (line === '' ? '' : roffText(line))), '.fi', '.RE'];

function roffItems(items) {
  return items.flatMap(({ term, description }) => ['.TP', roffTerm(term), ...(description ? [roffProse(description)] : [])]);
}

function manPage(page) {
  const name = pageName(page.path);
  const [command, ...rest] = page.usage.split(' ');
  const words = page.path.length;
  const out = [
    `.TH ${roffArgument(name.toUpperCase())} "1" "" "ws" "ws manual"`,
    '.nh',
    '.ad l',
    '.SH NAME',
    `${roffText(name)} \\- ${roffProse(page.summary)}`,
    '.SH SYNOPSIS',
    `.B ${roffArgument([command, ...rest.slice(0, words - 1)].join(' '))}`,
    roffText(rest.slice(words - 1).join(' ')),
    '.SH DESCRIPTION',
    roffProse(page.description),
  ];
  for (const block of noteBlocks(page.notes)) out.push(...(block.kind === 'text' ? ['.PP', roffProse(block.text)] : roffVerbatim(block.lines)));
  if (page.commands.length) {
    out.push('.SH COMMANDS');
    for (const sub of page.commands) out.push('.TP', `.BR ${roffText(pageName(sub.path))} (1)`, roffProse(sub.summary));
  }
  if (page.arguments.length) out.push('.SH ARGUMENTS', ...roffItems(page.arguments));
  if (page.options.length) out.push('.SH OPTIONS', ...roffItems(page.options));
  if (page.inheritedOptions.length) out.push('.SH OPTIONS INHERITED FROM PARENT COMMANDS', ...roffItems(page.inheritedOptions));
  if (page.aliases.length) out.push('.SH ALIASES', page.aliases.map((alias) => roffText([...page.path.slice(0, -1), alias].join(' '))).join(', '));
  if (page.jsonFields.length)
    out.push('.SH JSON FIELDS', 'For \\fB\\-\\-json a,b\\fR:', page.jsonFields.map((field) => `\\fB${roffText(field)}\\fR`).join(', '));
  if (page.examples.length) out.push('.SH EXAMPLES', ...roffVerbatim(page.examples.map((line) => `$ ${line}`)));
  for (const topic of page.topics) {
    out.push(`.SH ${roffArgument(topic.title.toUpperCase())}`, `As \\fBws help ${roffText(topic.name)}\\fR prints it.`);
    for (const block of noteBlocks(topic.text)) out.push(...(block.kind === 'text' ? ['.PP', roffProse(block.text)] : roffVerbatim(block.lines)));
  }
  const related = [...(page.path.length > 1 ? [page.path.slice(0, -1)] : []), ...page.commands.map((sub) => sub.path)];
  if (related.length) {
    out.push('.SH SEE ALSO');
    for (const [index, words] of related.entries()) out.push(`.BR ${roffText(pageName(words))} (1)${index < related.length - 1 ? ',' : ''}`);
  }
  return `${out.join('\n')}\n`;
}

/** Every file the reference is made of, by its path from the repository: docs/commands/… and man/…. */
export function referenceFiles(manual) {
  const pages = new Map();
  for (const page of manual) {
    const name = pageName(page.path);
    if (pages.has(name)) throw new Error(`two commands make the page ${name}: ${pages.get(name).path.join(' ')} and ${page.path.join(' ')}`);
    pages.set(name, page);
  }
  const files = new Map();
  for (const [name, page] of pages) {
    files.set(`docs/commands/${name}.md`, markdownPage(page, pages));
    files.set(`man/${name}.1`, manPage(page));
  }
  return files;
}

/** Writes the files under `out`, and removes from docs/commands/ and man/ what is no longer made. */
function write(out, files) {
  for (const dir of ['docs/commands', 'man']) {
    fs.mkdirSync(path.join(out, dir), { recursive: true });
    for (const name of fs.readdirSync(path.join(out, dir))) {
      if (!files.has(`${dir}/${name}`)) fs.rmSync(path.join(out, dir, name), { recursive: true });
    }
  }
  for (const [file, text] of files) fs.writeFileSync(path.join(out, file), text);
  // package.json's man lists the pages, so that npm install -g links them where man finds them
  const manifestFile = path.join(out, 'package.json');
  if (!fs.existsSync(manifestFile)) return;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const man = [...files.keys()].filter((file) => file.startsWith('man/')).sort();
  const entries = Object.entries(manifest).filter(([key]) => key !== 'man');
  const at = entries.findIndex(([key]) => key === 'bin') + 1 || entries.length;
  entries.splice(at, 0, ['man', man]);
  fs.writeFileSync(manifestFile, `${JSON.stringify(Object.fromEntries(entries), null, 2)}\n`);
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--out');
  const out = at > 0 ? path.resolve(process.argv[at + 1]) : root;
  const { commandManual } = require(path.join(root, 'dist', 'cli.cjs'));
  const files = referenceFiles(commandManual());
  write(out, files);
  console.log(
    `${files.size} files written to ${path.relative(process.cwd(), path.join(out, 'docs/commands')) || '.'} and ${path.relative(process.cwd(), path.join(out, 'man')) || '.'}`,
  );
}
