/**
 * Values of a saved query's parameters, checked by their declared type before a run is started: by
 * `ws queries execute --param` and by the MCP tool `execute_query` alike.
 */
const integerTypes = ['integer', 'int', 'bigint'];
const numberTypes = ['number', 'numeric', 'float', 'double', 'decimal', ...integerTypes];
/** A number as SQL writes one: no hex, no spaces, no Infinity. */
const decimalNumber = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const timeOfDay = '([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(\\.\\d+)?)?';
const time = new RegExp(`^${timeOfDay}$`);
const timestamp = new RegExp(`^(\\d{4}-\\d{2}-\\d{2})([ T]${timeOfDay}([Zz]|[+-]([01]\\d|2[0-3])(:?[0-5]\\d)?)?)?$`);

/** YYYY-MM-DD naming a day of the (proleptic Gregorian) calendar: no 2026-02-30, no 2026-13-01. */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

/**
 * Why a `--param` value cannot be of its declared type, or undefined when it can. The API does not list the
 * types; these are the ones ws knows, and any other type is left to the server.
 */
export function parameterValueProblem(type: string | null | undefined, value: string): string | undefined {
  const kind = (type ?? '').toLowerCase();
  if (numberTypes.includes(kind)) {
    if (!decimalNumber.test(value) || !Number.isFinite(Number(value))) return 'is not a number (as 12, -3.5 or 1e6: digits, sign, point, exponent)';
    if (integerTypes.includes(kind) && !Number.isInteger(Number(value))) return 'is not a whole number';
  }
  if ((kind === 'boolean' || kind === 'bool') && value !== 'true' && value !== 'false') return 'is neither true nor false';
  if (kind === 'date' && !isCalendarDate(value)) return 'is not a calendar date (YYYY-MM-DD)';
  if (kind === 'time' && !time.test(value)) return 'is not a time of day (hh:mm or hh:mm:ss, 00:00 to 23:59:59)';
  if (kind === 'timestamp' || kind === 'datetime') {
    const match = timestamp.exec(value);
    if (!match || !isCalendarDate(match[1]!)) return 'is not a timestamp (YYYY-MM-DD[Thh:mm[:ss[.fff]]][Z|±hh:mm])';
  }
  return undefined;
}

/** What is wrong with a value of a parameter of a saved query, said as the error and the prompt say it; undefined when nothing is. */
export function parameterProblem(name: string, type: string | null | undefined, value: string): string | undefined {
  const problem = parameterValueProblem(type, value);
  // "an integer", "a date"; "a uuid", "a uint" (said with a y)
  return problem && `${name} is ${/^([aeio]|un)/i.test(type ?? '') ? 'an' : 'a'} ${type}, and "${value}" ${problem}`;
}
