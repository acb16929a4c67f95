import { errorCodes, exitCodes } from '../errors.js';

/** Every error code with its exit code, one a line, for `ws help exit-codes`. */
function codeList(): string {
  const width = Math.max(...Object.keys(errorCodes).map((code) => code.length));
  return [['code', 'exit', 'meaning'], ...Object.entries(errorCodes).map(([code, [kind, meaning]]) => [code, String(exitCodes[kind]), meaning])]
    .map(([code, exit, meaning]) => `  ${code!.padEnd(width)}  ${exit!.padEnd(4)}  ${meaning}`)
    .join('\n');
}

/** `ws help <topic>`, as `gh help environment`: reference pages that belong to no single command. */
export const helpTopics: Record<string, { summary: string; text: string }> = {
  environment: {
    summary: 'the environment variables ws reads',
    text: `Environment variables

A flag wins over a variable; a variable wins over the profile in the config file.

  WS_API_KEY       the API key (never a flag). Sent only in the x-api-key header, to the base URL.
  WS_BASE_URL      the API base URL, including /public/v3 (flag --base-url)
  WS_PROFILE       the configuration profile to use; default "default" (flag --profile)
  WS_OUTPUT        the output format: table, json, ndjson, csv, tsv, yaml, markdown, chart, parquet or arrow (flag -o)
  WS_DEBUG         1 or true: log each HTTP request and response to stderr, key redacted (flag --debug)
  WS_MAX_ATTEMPTS  how many times a request that may be repeated is tried, the first included:
                   1 to 100, default 4 (1: no retry); as AWS_MAX_ATTEMPTS
  WS_CONFIG_DIR    the folder of config.json, instead of the user's config folder (~/.config/ws)
  WS_COMPLETE_TIMEOUT  how long shell completion waits for names from the API when none are kept
                   from an earlier Tab; default 1s
  WS_PAGER         the pager for long output on a terminal, used even where ws would choose none
                   (flag --no-pager: none)
  PAGER            the pager when WS_PAGER is not set; the default is less -FRX. No pager but
                   WS_PAGER with CI set, TERM dumb or unset, or a terminal of 0 rows or 0 columns
  WS_NO_PROMPT     any value but 0 or false: never ask for input, as the flag --no-prompt does: a
                   query, automation or run id left out is exit 2 naming it, parameters and inputs
                   are not asked for; ws auth login exits 2 instead of asking for the key (give it
                   with --with-key-stdin or WS_API_KEY)
  NO_COLOR         any non-empty value: never colour the output (flag --no-color)
  CLICOLOR         0: no colour
  CLICOLOR_FORCE   any value but 0: colour on a terminal despite CLICOLOR=0 or TERM=dumb; output to
                   a pipe or file stays plain data
  FORCE_COLOR      0 or false: no colour; any other value: as CLICOLOR_FORCE
  CI               set: no spinner, one line per change of state while waiting (and one after 30 s
                   without any); no pager but
                   WS_PAGER; never asks for input, as with WS_NO_PROMPT
  TERM             dumb: no colour (unless forced), no spinner; dumb or unset: no pager unless WS_PAGER
                   names one
  WS_CA_FILE       a PEM file of certificate authorities trusted besides Node's own (config key ca-file)
  NODE_EXTRA_CA_CERTS  Node's own: a PEM file of extra certificate authorities
  HTTPS_PROXY      the proxy for https:// base URLs (https_proxy wins when both are set)
  HTTP_PROXY       the proxy for http:// base URLs, and for https:// ones when no HTTPS_PROXY is set
  NO_PROXY         hosts reached directly: names, .domain or *.domain, host:port, IPs, * for all
                   (no_proxy wins when both are set); loopback addresses are never proxied
  XDG_CONFIG_HOME  where the config folder is on Linux (ws/ below it), when WS_CONFIG_DIR is not set
  DBUS_SESSION_BUS_ADDRESS  the D-Bus session bus where the Secret Service (the system keyring on
                   Linux) is; without it (nor XDG_RUNTIME_DIR/bus), ws auth login keeps the key in the
                   config file, with a warning
  XDG_RUNTIME_DIR  where the session bus's socket (bus) is, when DBUS_SESSION_BUS_ADDRESS is not set
  APPDATA          where the config folder is on Windows, when WS_CONFIG_DIR is not set
  XDG_CACHE_HOME   where ws keeps compiled code between runs (ws/ below it; default ~/.cache)
  NODE_COMPILE_CACHE  Node's own: on Node 22 and later, another folder for that compiled code
  NODE_DISABLE_COMPILE_CACHE  any value: keep no compiled code
`,
  },
  'exit-codes': {
    summary: 'what each exit code means',
    text: `Exit codes

  0    success (also when the reader of a pipe goes away, as in \`ws … | head\`)
  1    API or network error not covered below
  2    usage error or invalid input, found before any request was sent
  3    not authenticated or not allowed: no key configured, HTTP 401 or 403
  4    not found: HTTP 404, or a slug or name that matches nothing (or several things)
  5    the remote job ended badly while waiting: a query run FAILED or CANCELLED, an automation run
       failed or cancelled
  6    --timeout passed while waiting; the run goes on (unless --cancel-on-timeout: the message says whether
       the cancel was confirmed), and the message says how to resume waiting
  8    \`queries apply --dry-run\`, \`skills apply --dry-run\`: changes are pending (for drift checks in CI)
  129  the terminal hung up (SIGHUP) while waiting; 143: stopped by SIGTERM. Both name the run, as Ctrl-C does
  130  interrupted (Ctrl-C); while waiting, the message names the run and how to resume or cancel; before the
       server answered a start, that a run may have started and how to find it. A second signal ends ws at
       once, by that signal, after saying where the run was left (the cancel sent, accepted or confirmed)

Errors in JSON
  With --json, --jq, -o json or -o ndjson and stderr not a terminal, a failure leaves one JSON object
  on stderr, its last line; a success leaves stderr empty (no notes), but for a rare \`warning:\` line
  that asks you to act, the --debug log you asked for, and the progress of a long wait:
    {"error":{"code":"run_failed","message":"…","hint":"…","queryId":"…","queryRunId":"…"}}
  A wait writes a progress object, one line, after every 30 s without one (none with --quiet), so that
  CI does not end the job for silence:
    {"progress":{"queryRunId":"…","state":"RUNNING","elapsedMs":300000,"message":"…"}}
  code is one of those below and never changes; message and hint are for people. Ids the error is about
  come as the API names them: queryId, queryRunId, automationId, automationRunId. An HTTP error adds
  status, requestId and apiCode (the code in the API's error body, as the server sent it).

${codeList()}

Example:
  $ ws queries execute churn_report --wait; echo "exit $?"
  $ ws queries execute churn_report --wait --json 2>err.json || jq -r 'select(.error).error.code' err.json
`,
  },
  formatting: {
    summary: 'output formats, --json fields, --jq',
    text: `Formatting

stdout carries data only; progress, hints and errors go to stderr.

  -o, --output <format>   table (the default), json, ndjson, csv, tsv, yaml, markdown, chart, parquet
                          or arrow
                          (env WS_OUTPUT, or \`ws config set output json\` for a profile)
  --json                  the same as -o json: the API's response body, indented by 2
  --json <fields>         only these fields of each item, comma-separated: --json id,slug,name.
                          Each command's help lists its fields under "JSON fields"; completion offers them.
  --jq <expression>       filter the JSON with jq (implies JSON); prints exactly what jq -r prints,
                          strings raw and nothing trimmed. jq sees one document, the whole result; one
                          of more than 16 MiB of JSON is refused (exit 2) before anything is printed:
                          pipe -o ndjson into jq, or read part with --limit and --offset. A jq error is
                          exit 1, code jq_error, after what jq printed before it.
  --crlf                  with -o csv, end lines in CRLF (RFC 4180) instead of LF
  --csv-safe              with -o csv, a text cell starting with = + - @, tab or CR gets a leading '
                          so that a spreadsheet shows it as text, not a formula (OWASP); off by default,
                          so that the data stays exact

  table    in a terminal: aligned columns, text cut to the width, numbers and dates never (a column
           that does not fit is left out and named); in a pipe: tab-separated, nothing cut
  json     the response body; a list fetched in several pages is one envelope. Query data has one
           order of fields whatever its size: the run's fields, rows, then returnedRowCount
  ndjson   one JSON object a line: one per item of a list, one per row of data
  csv      RFC 4180 quoting, a header row first, lines ending in LF (--crlf: CRLF); NULL an empty
           field, the empty string ""
  tsv      tab-separated, a header row first; tab, newline and backslash escaped, NULL as \\N
  yaml     the JSON document as YAML; strings a YAML 1.1 or 1.2 reader would retype are quoted
  markdown GitHub-flavoured tables (job summaries, pull-request comments): a header, numbers
           right-aligned, values exact and escaped (| and line ends), nothing cut
  chart    a query result drawn (queries execute --wait, queries data, runs wait --data): a line
           for dates, times or numbers on x, bars for text; --x <column> and --y <col>[,<col>…]
           choose the axes (default: the first date or text column, the numeric columns, 3 at
           most); --series <column> draws one line or bar per value of a column (a text column
           beside them, when x repeats, by default). Terminal-sized and coloured in a terminal;
           80x20 plain text in a pipe. A
           configured chart prints tables where there is no result; -o chart there is exit 2.
  parquet  a query result as a Parquet file, columns typed from the result (DECIMAL with every digit,
           timestamps with or without zone; nested values as JSON text); binary: --out x.parquet or a pipe
  arrow    the same as an Arrow IPC stream (DuckDB, Polars and pyarrow read it from a pipe)

--out <file> (queries data, queries execute --wait, runs wait --data) writes the rows to a file that appears
only when whole; the format is its extension's (.csv .tsv .json .ndjson .parquet .arrow) unless -o is given.

A value the server did not send shows as - in a terminal table (empty in a pipe and markdown); a
query result's NULL shows as NULL in tables and markdown, its empty string as nothing (json: null,
csv and tsv: empty). A list cut short (the default 50, --limit) says so on stderr in every format but
json, ndjson and --jq with stderr off a terminal, which keep stderr clean (json's total tells a script). A duration that cannot
be (an end before the start, more than 31 days) shows as -; json, yaml, csv and tsv keep the timestamps.
Commands printed in hints are quoted for the shell: paste them as they are. They carry the --profile,
--base-url, --allow-insecure-http and --http-timeout given, and a command that goes on with this one (wait
again, run again, every row) the output options too (--json, -o, --jq, --crlf, --csv-safe, --wide).

Examples:
  $ ws queries list --json id,slug
  $ ws queries list --jq '.queries[].slug'
  $ ws queries data daily_revenue --all -o csv > revenue.csv
  $ ws automations list -o yaml
  $ ws queries data daily_revenue -o markdown >> "$GITHUB_STEP_SUMMARY"
  $ ws queries execute revenue_by_country --wait -o chart --y revenue
`,
  },
};

/** The root help's list of topics. */
export function topicList(): string {
  const width = Math.max(...Object.keys(helpTopics).map((name) => name.length));
  return Object.entries(helpTopics)
    .map(([name, topic]) => `  ${name.padEnd(width)}  ${topic.summary}`)
    .join('\n');
}
