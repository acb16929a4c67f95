import { listAutomationRunPages, listAutomations } from '../api/automations.js';
import { listQueries } from '../api/queries.js';
import type { Automation } from '../api/schemas/automations.js';
import type { Query } from '../api/schemas/queries.js';
import type { Context } from '../context.js';
import { WsError, usageError } from '../errors.js';
import { isUuid } from '../ids.js';
import { relativeTime } from '../output/cells.js';
import { cutWidth } from '../output/width.js';
import { prompter, type Choice, type Prompter } from '../prompt.js';
import { stripControl } from '../text.js';
import { parameterValueProblem } from '../workspace/parameter-values.js';
import { commandWords, optionWords } from './command.js';

/** How many a picker lists: one page, the most recently updated first; what is typed filters them. */
const pickerPage = 100;
/** How many runs of an automation the run picker lists, newest first. */
const runPage = 20;

const folded = (text: string) => text.normalize('NFC').toLowerCase();

/**
 * Whether a picked name goes on the printed command line as it is: not read as an option (a leading `-`) nor as an id
 * (a name shaped like a UUID is looked up as one), and with no control, format (bidi, zero width) or line separator
 * character, which the printing drops or a terminal hides.
 */
const printable = (name: string) =>
  name !== '' && !name.startsWith('-') && !isUuid(name) && !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(name) && stripControl(name) === name;

/** A JSON Schema property of an automation's inputSchema, as far as ws reads one (its inner structure is not shown). */
interface InputSpec {
  type?: unknown;
  format?: unknown;
  enum?: unknown;
  default?: unknown;
  description?: unknown;
}

/** The ws parameter type that checks an input of this JSON Schema type and format, as `--param` values are checked. */
function inputCheckType(spec: InputSpec): string | undefined {
  if (spec.type === 'number' || spec.type === 'integer') return spec.type;
  return ({ date: 'date', time: 'time', 'date-time': 'timestamp' } as Record<string, string>)[String(spec.format)];
}

/** Why a typed value is refused, said short (the prompt above names the parameter and its type); undefined when it is not. */
function refused(type: string | null | undefined, typed: string): string | undefined {
  const problem = parameterValueProblem(type, typed);
  return problem && `"${typed}" ${problem}`;
}

/**
 * What a command leaves out and a person at a terminal can give: the query or automation, picked from a list; the
 * parameters of a query or inputs of an automation, asked one by one. Where nobody can answer (no terminal, CI,
 * WS_NO_PROMPT, --no-prompt) nothing is asked: a left-out argument is exit 2 naming it, before any request.
 */
export class Asking {
  private prompts: Prompter | undefined;
  /** Whether anything was asked: then the command line that does the same without asking is printed. */
  private asked = false;

  /** `cancelled` ends the message of Ctrl-C or Esc at a prompt: what did not happen, e.g. "no run was started". */
  constructor(
    private readonly ctx: Context,
    private readonly cancelled?: string,
  ) {}

  private async prompter(): Promise<Prompter> {
    this.asked = true;
    this.prompts ??= await prompter(this.ctx.io, { color: this.ctx.promptColor(), ...(this.cancelled ? { cancelled: this.cancelled } : {}) });
    return this.prompts;
  }

  /** Exit 2 where nobody may answer, as commander said it when the argument was required, and why ws did not ask. */
  private refuse(argument: string, instead: string): void {
    const why = this.ctx.whyNotAsk();
    if (why !== undefined) throw usageError(`missing required argument '${argument}'`, `${instead}; ws asks for it only at a terminal, and did not: ${why}`);
  }

  /** Room for a choice's line: the terminal's width less the prompt's guide and mark. */
  private room(): number {
    const columns = (this.ctx.io.stderr as { columns?: number }).columns ?? this.ctx.io.columns ?? 80;
    return Math.max(columns - 6, 8);
  }

  /**
   * A line of a list: text from the server cut to the terminal (as the tables measure it), each control, line
   * separator and format character (a bidi override, a zero width space; not the joiners of emoji and scripts) a space
   * where it is blank, else a placeholder: raw, one would break the choice over lines, move the cursor or reorder it.
   */
  private line(text: string): string {
    return cutWidth(
      text.replace(/[\p{Cc}\p{Zl}\p{Zp}]|(?![\u200c\u200d])\p{Cf}/gu, (char) => (/\s/.test(char) ? ' ' : '\ufffd')),
      this.room(),
    );
  }

  /** `given`, or, left out, the slug of the query a person picks (its id where the slug cannot be printed as it is). */
  async query(given: string | undefined): Promise<string> {
    if (given !== undefined) return given;
    this.refuse('query', `name one by its UUID, slug or name (\`${this.ctx.printed.command('queries', 'list')}\` lists them)`);
    const list = await listQueries(this.ctx.http(), { limit: pickerPage, offset: 0, sortBy: 'updated', sortDirection: 'desc', includeRuns: false });
    if (list.queries.length === 0)
      throw new WsError('not_found', 'there is no saved query to pick', { hint: `save one: ${this.ctx.printed.command('queries', 'create', '--help')}` });
    const choices: Choice<Query>[] = list.queries.map((query) => ({
      value: query,
      label: this.line(query.name === query.slug ? query.name : `${query.name}  ${query.slug}`),
    }));
    const picked = await (await this.prompter()).search(
      `Pick a query${this.more(list.queries.length, list.total, 'queries')}`,
      choices,
      (typed, query) => folded(query.name).includes(folded(typed)) || folded(query.slug).includes(folded(typed)),
    );
    return printable(picked.slug) ? picked.slug : picked.id;
  }

  /** `given`, or, left out, the automation a person picks: by its name when no other listed has it and it prints as it is, else by its id. */
  async automation(given: string | undefined): Promise<string> {
    if (given !== undefined) return given;
    this.refuse('automation', `name one by its UUID or name (\`${this.ctx.printed.command('automations', 'list')}\` lists them)`);
    return (await this.pickAutomation('Pick an automation')).ref;
  }

  /** The automation a person picks, and how a command line names it. */
  private async pickAutomation(message: string): Promise<{ automation: Automation; ref: string }> {
    const list = await listAutomations(this.ctx.http(), { limit: pickerPage, offset: 0, sortBy: 'updated', sortDirection: 'desc' });
    if (list.workflows.length === 0) throw new WsError('not_found', 'there is no automation to pick');
    const choices: Choice<Automation>[] = list.workflows.map((automation) => ({ value: automation, label: this.line(automation.name) }));
    const picked = await (await this.prompter()).search(
      `${message}${this.more(list.workflows.length, list.total, 'automations')}`,
      choices,
      (typed, automation) => folded(automation.name).includes(folded(typed)),
    );
    // a name another automation shares (or may share, among those not read) would be ambiguous on the command line
    const shared = list.total > list.workflows.length || list.workflows.some((other) => other.id !== picked.id && folded(other.name) === folded(picked.name));
    return { automation: picked, ref: shared || !printable(picked.name) ? picked.id : picked.name };
  }

  /** `given`, or, left out, a recent run (state and time shown) of the automation a person picks first. */
  async automationRun(given: string | undefined): Promise<string> {
    if (given !== undefined) return given;
    this.refuse('runId', `name the automation run by its UUID (\`${this.ctx.printed.command('automations', 'runs')} <automation>\` lists them)`);
    const { automation, ref } = await this.pickAutomation('Pick the automation');
    const runs: Choice<string>[] = [];
    let total = 0;
    for await (const page of listAutomationRunPages(this.ctx.http(), automation.id, { limit: runPage, offset: 0, all: false })) {
      total = page.total;
      for (const run of page.items) {
        const at = run.startedAt ?? run.createdAt;
        runs.push({ value: run.id, label: this.line(`${run.state}  ${relativeTime(at, this.ctx.io.now())}  ${run.id}`) });
      }
    }
    if (runs.length === 0)
      throw new WsError('not_found', `automation ${JSON.stringify(automation.name)} has no runs`, {
        hint: `start one: ${this.ctx.printed.command('automations', 'trigger', ref)}`,
      });
    return (await this.prompter()).select(`Pick a run${this.more(runs.length, total, 'runs', 'newest')}`, runs);
  }

  /** " (the 100 most recently updated of 2345 queries; …)", when more exist than were read: typing filters only those read. */
  private more(shown: number, total: number, plural: string, order = 'most recently updated'): string {
    return total > shown ? ` (the ${shown} ${order} of ${total} ${plural}; name another on the command line)` : '';
  }

  /**
   * `name=value` for each parameter of the query that `given` (the --param values) leaves out: asked with its type,
   * description and default (Enter keeps it), checked as --param values are and asked again when wrong. Nothing
   * where nobody can answer: the defaults apply.
   */
  async parameters(query: Query, given: Record<string, string>): Promise<string[]> {
    const wanted = (query.parameters ?? []).filter((p): p is typeof p & { name: string } => typeof p.name === 'string' && !Object.hasOwn(given, p.name));
    if (wanted.length === 0 || this.ctx.whyNotAsk() !== undefined) return [];
    const prompts = await this.prompter();
    const answers: string[] = [];
    for (const { name, type, description, defaultValue } of wanted) {
      const message = stripControl(`${name} (${type || 'text'})${description ? `: ${description}` : ''}`);
      const value = await prompts.text(message, {
        ...(defaultValue ? { fallback: defaultValue } : {}),
        problem: (typed) => refused(type, typed),
      });
      answers.push(`${name}=${value}`);
    }
    return answers;
  }

  /**
   * `name=value` for each input of the automation's inputSchema that `given` leaves out: a select for an enum, yes or no
   * for a boolean, a checked line for the rest; an input not required may be left empty, and is then left out.
   */
  async inputs(automation: Automation, given: Record<string, unknown>): Promise<string[]> {
    const schema = automation.inputSchema as { properties?: unknown; required?: unknown };
    const properties =
      schema.properties && typeof schema.properties === 'object' && !Array.isArray(schema.properties) ? (schema.properties as Record<string, InputSpec>) : {};
    const required = Array.isArray(schema.required) ? schema.required : [];
    const wanted = Object.entries(properties).filter(([name]) => !Object.hasOwn(given, name));
    if (wanted.length === 0 || this.ctx.whyNotAsk() !== undefined) return [];
    const prompts = await this.prompter();
    const answers: string[] = [];
    for (const [name, raw] of wanted) {
      const spec: InputSpec = raw && typeof raw === 'object' ? raw : {};
      const needed = required.includes(name);
      const kind = [spec.type, spec.format].filter((part) => typeof part === 'string').join(', ');
      const message = stripControl(`${name}${kind ? ` (${kind})` : ''}${typeof spec.description === 'string' ? `: ${spec.description}` : ''}`);
      const fallback = spec.default === undefined || spec.default === null ? undefined : String(spec.default);
      let value: string | undefined;
      if (Array.isArray(spec.enum)) {
        const choices: Choice<string | undefined>[] = spec.enum.map((item) => ({ value: String(item), label: this.line(String(item)) }));
        if (!needed) choices.push({ value: undefined, label: '(leave out)' });
        value = await prompts.select(message, choices, fallback);
      } else if (spec.type === 'boolean') {
        value = String(await prompts.confirm(message, spec.default === true));
      } else {
        const type = inputCheckType(spec);
        value = await prompts.text(message, {
          ...(fallback === undefined ? {} : { fallback }),
          problem: (typed) => {
            if (typed === '') return needed ? `${name} is required: type a value` : undefined;
            return type && refused(type, typed);
          },
        });
        if (value === '') value = undefined;
      }
      if (value !== undefined) answers.push(`${name}=${value}`);
    }
    return answers;
  }

  /**
   * After any prompt: the command line that does the same without asking, on stderr as `$ ws …`, quoted for the shell,
   * with `args` (the arguments, answers in) and `values` (the options, answers in), before the command's own output.
   */
  printCommand(args: string[], values: Record<string, unknown>): void {
    const command = this.ctx.command;
    if (!this.asked || !command) return;
    this.ctx.note(`$ ${this.ctx.printed.continuing(...commandWords(command), ...args, ...optionWords(command, values))}`);
  }
}
