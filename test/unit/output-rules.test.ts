import { describe, expect, it } from 'vitest';
import { colorWanted } from '../../src/config/color.js';
import { checkFields, pickFields, valueAt } from '../../src/output/field-selection.js';
import { pagerCommand } from '../../src/output/pager.js';
import { leftOutHint, terminalTable } from '../../src/output/table.js';
import stringWidth from 'string-width';
import { clipWidth, cutWidth, narrowText, textWidth as visibleLength } from '../../src/output/width.js';
import { column } from '../../src/output/view.js';

const noPaint = (_kind: string, text: string) => text;

describe('--json field paths', () => {
  const item = { id: 'q1', lastQueryRun: { status: 'COMPLETED', rowCount: 3 }, lastSuccessfulRun: null, 'a.b': 1 };

  it('picks a path with its nesting, merging two paths under one field', () => {
    expect(pickFields(item, ['id', 'lastQueryRun.status', 'lastQueryRun.rowCount'])).toEqual({ id: 'q1', lastQueryRun: { status: 'COMPLETED', rowCount: 3 } });
  });

  it('gives null under a field that is null, and a key holding a dot wins over the path', () => {
    expect(pickFields(item, ['lastSuccessfulRun.status'])).toEqual({ lastSuccessfulRun: null });
    expect(pickFields(item, ['a.b'])).toEqual({ 'a.b': 1 });
    expect(valueAt(item, 'a.b')).toBe(1);
    expect(valueAt(item, 'lastQueryRun.status')).toBe('COMPLETED');
    expect(valueAt(item, 'lastSuccessfulRun.status')).toBeUndefined();
  });

  it('accepts a path into a known field, refuses one into an unknown field or with an empty part', () => {
    expect(() => checkFields(['lastQueryRun.status'], ['id', 'lastQueryRun'])).not.toThrow();
    expect(() => checkFields(['colour.status'], ['id', 'lastQueryRun'])).toThrow(/unknown JSON field: colour.status/);
    expect(() => checkFields(['lastQueryRun.'], ['id', 'lastQueryRun'])).toThrow(/unknown JSON field/);
  });
});

describe('colour: the first rule that applies decides', () => {
  it.each([
    [undefined, {}, true, true],
    [undefined, {}, false, false],
    [false, { FORCE_COLOR: '1' }, true, false],
    [undefined, { NO_COLOR: '1', CLICOLOR_FORCE: '1' }, true, false],
    [undefined, { NO_COLOR: '' }, true, true],
    [undefined, { FORCE_COLOR: '0', CLICOLOR_FORCE: '1' }, true, false],
    [undefined, { FORCE_COLOR: '' }, false, true],
    [undefined, { CLICOLOR_FORCE: '1', CLICOLOR: '0' }, false, true],
    [undefined, { CLICOLOR_FORCE: '0' }, false, false],
    [undefined, { CLICOLOR: '0' }, true, false],
    [undefined, { CLICOLOR: '1' }, false, false],
  ] as const)('flag %s, env %j, terminal %s: %s', (flag, env, tty, expected) => {
    expect(colorWanted(flag, env, tty)).toBe(expected);
  });
});

describe('pager choice', () => {
  /** stdout on an 80x24 terminal, with this environment */
  const terminal = (env: Record<string, string>, size: { columns?: number; rows?: number } = {}) => ({
    env,
    stdoutIsTTY: true,
    columns: 80,
    rows: 24,
    ...size,
  });
  const term = { TERM: 'xterm-256color' };

  it('WS_PAGER, then the profile, then PAGER, then less -FRX; none off a terminal or with --no-pager', () => {
    expect(pagerCommand(terminal({ ...term, WS_PAGER: 'a', PAGER: 'c' }), 'b', false)).toBe('a');
    expect(pagerCommand(terminal({ ...term, PAGER: 'c' }), 'b', false)).toBe('b');
    expect(pagerCommand(terminal({ ...term, PAGER: 'c' }), undefined, false)).toBe('c');
    expect(pagerCommand(terminal(term), undefined, false)).toBe('less -FRX');
    expect(pagerCommand(terminal({ WS_PAGER: 'a' }), undefined, true)).toBeUndefined();
    expect(pagerCommand({ env: { WS_PAGER: 'a' }, stdoutIsTTY: false, columns: undefined, rows: undefined }, undefined, false)).toBeUndefined();
    expect(pagerCommand(terminal({ WS_PAGER: '' }), 'b', false)).toBeUndefined();
    expect(pagerCommand(terminal({ ...term, PAGER: 'cat' }), undefined, false)).toBeUndefined();
  });

  it('none of its own choosing where TERM is dumb or unset (less would ask for a key on every screen); WS_PAGER still works', () => {
    expect(pagerCommand(terminal({ TERM: 'dumb', PAGER: 'less' }), 'b', false)).toBeUndefined();
    expect(pagerCommand(terminal({}), undefined, false)).toBeUndefined();
    expect(pagerCommand(terminal({ TERM: 'dumb', WS_PAGER: 'more' }), undefined, false)).toBe('more');
  });

  it('none of its own choosing with CI set or on a terminal that reports 0 rows or 0 columns; WS_PAGER still works', () => {
    for (const [env, size] of [
      [{ ...term, CI: 'true' }, {}],
      [{ ...term, CI: '1', PAGER: 'less' }, {}],
      [term, { columns: undefined }],
      [term, { rows: undefined }],
      [term, { columns: undefined, rows: undefined }],
    ] as const) {
      expect(pagerCommand(terminal(env, size), 'b', false), JSON.stringify([env, size])).toBeUndefined();
      expect(pagerCommand(terminal({ ...env, WS_PAGER: 'more' }, size), 'b', false)).toBe('more');
    }
    expect(pagerCommand(terminal({ ...term, CI: '' }), undefined, false)).toBe('less -FRX'); // set but empty: not CI, as for the spinner
  });
});

describe('terminal table widths', () => {
  it('counts East Asian wide characters as two cells and combining marks as none', () => {
    expect(visibleLength('売上')).toBe(4);
    expect(visibleLength('e\u0301')).toBe(1);
    expect(visibleLength('\u001b[31mFAILED\u001b[39m')).toBe(6);
  });

  it('counts marks as one column for lines redrawn in place, as the spinner and live view always did', () => {
    expect(visibleLength('e\u0301', 'safe')).toBe(2);
    expect(visibleLength('\u2764\ufe0f', 'safe')).toBe(2);
    // a letter and its mark are one grapheme: cut together, never apart
    expect(cutWidth('ae\u0301bc', 3, 'safe')).toBe('a…');
    expect(cutWidth('ae\u0301bc', 3)).toBe('ae\u0301…');
    expect(clipWidth('\u001b[31m売上データ\u001b[39m', 5)).toBe('\u001b[31m売上\u001b[39m');
  });

  it('counts every character of its fast path (no string-width) one column, as string-width does', () => {
    for (let code = 0; code <= 0xffff; code++) {
      const char = String.fromCharCode(code);
      if (narrowText.test(char)) expect(stringWidth(char), `U+${code.toString(16)}`).toBe(1);
    }
    expect(narrowText.test('1000…0001 ⠋ Café')).toBe(true);
    expect(narrowText.test('☕')).toBe(false);
  });

  it('measures emoji as terminals draw them: a cup, a skin-toned thumb and a family are two columns each', () => {
    expect(visibleLength('☕')).toBe(2);
    expect(visibleLength('👍🏽')).toBe(2);
    expect(visibleLength('👨‍👩‍👧')).toBe(2);
    expect(visibleLength('☕ Coffee sales')).toBe(15);
    expect(cutWidth('👨‍👩‍👧👨‍👩‍👧', 3)).toBe('👨‍👩‍👧…');
  });

  it('fits wide names to the width, the slug whole', async () => {
    const columns = [column<Record<string, string>>('SLUG', 'slug', { key: true }), column<Record<string, string>>('NAME', 'name', { flex: true })];
    const { text } = await terminalTable(columns, [{ slug: 'sales_jp', name: '日本の売上'.repeat(6) }], 30, 0, noPaint);
    for (const line of text.trimEnd().split('\n')) expect(visibleLength(line)).toBeLessThanOrEqual(30);
    expect(text).toContain('sales_jp');
    expect(text).toContain('…');
  });

  it('fits any width, even one narrower than every column, with or without an identifying column', async () => {
    const keyed = [column<Record<string, string>>('SLUG', 'slug', { key: true }), column<Record<string, string>>('STATE', 'state', { kind: 'state' })];
    const unkeyed = [column<Record<string, string>>('STATE', 'state', { kind: 'state' }), column<Record<string, string>>('WHEN', 'when')];
    for (const width of [1, 3, 7, 11]) {
      for (const columns of [keyed, unkeyed]) {
        const { text } = await terminalTable(columns, [{ slug: 'revenue_by_country', state: 'COMPLETED', when: 'yesterday' }], width, 0, noPaint);
        for (const line of text.trimEnd().split('\n')) expect(visibleLength(line), `${width}: ${line}`).toBeLessThanOrEqual(width);
      }
    }
  });

  it('never cuts a number or date, at any width: the text beside it gives way, else its column is left out', async () => {
    const columns = [
      column<Record<string, unknown>>('N', 'n', { kind: 'value' }),
      column<Record<string, unknown>>('DAY', 'day', { kind: 'value' }),
      column<Record<string, unknown>>('NOTE', 'note', { flex: true, kind: 'value' }),
    ];
    const items = [{ n: 123456789.123, day: '2026-01-02 03:04:05', note: 'x'.repeat(40) }];
    for (let width = 1; width <= 60; width++) {
      const { text, hidden } = await terminalTable(columns, items, width, 0, noPaint);
      const [header, row] = text.split('\n');
      expect(row, `${width}`).toMatch(/^123456789\.123( |$)/);
      expect(row!.includes('2026-01-02 03:04:05') || hidden.includes('DAY'), `${width}: ${row}`).toBe(true);
      expect(row, `${width}`).not.toMatch(/\d…|…\d/);
      if (width >= 13) expect(header!.length, `${width}`).toBeLessThanOrEqual(width);
    }
  });

  it('shortens ids to a form unique in the table', async () => {
    const columns = [
      column<Record<string, string>>('ID', 'id', { kind: 'id' }),
      column<Record<string, string>>('SLUG', 'slug', { key: true }),
      column<Record<string, string>>('NOTE', 'note'),
    ];
    const items = [
      { id: 'aaaa1111-0000-4000-8000-000000000001', slug: 'one', note: 'x'.repeat(20) },
      { id: 'aaaa1111-0000-4000-8000-000000000002', slug: 'two', note: 'x'.repeat(20) },
    ];
    const { text } = await terminalTable(columns, items, 40, 0, noPaint);
    expect(text.split('\n')[1]).toMatch(/^aaaa…0001 +one/);
    expect(text.split('\n')[2]).toMatch(/^aaaa…0002 +two/);
  });
});

describe('the hint that names columns left out', () => {
  const hidden = ['TRIGGERED BY', 'DURATION', 'ERROR'];
  it('is one line that fits, at any width, and keeps --wide whole', () => {
    for (let width = 16; width <= 120; width++) {
      const hint = leftOutHint(hidden, width);
      expect(visibleLength(hint), `${width}: ${hint}`).toBeLessThan(width);
      expect(hint, `${width}`).not.toContain('\n');
      if (width >= 20) expect(hint, `${width}`).toMatch(/--wide( |$)/);
    }
    expect(leftOutHint(hidden, 41)).toBe('3 columns left out; see them with --wide');
    expect(leftOutHint(hidden, 40)).toBe('3 columns left out: --wide');
    expect(leftOutHint(hidden, 60)).toBe('3 columns left out: TRIGGERED BY, …; see them with --wide');
    expect(leftOutHint(hidden, 120)).toBe('3 columns left out: TRIGGERED BY, DURATION, ERROR; see them with --wide');
  });

  it('has one wording, with a singular for one column', () => {
    expect(leftOutHint(['ERROR'], 80)).toBe('1 column left out: ERROR; see it with --wide');
    expect(leftOutHint(['ERROR'], 30)).toBe('1 column left out: --wide');
    for (let width = 16; width <= 120; width++) expect(leftOutHint(['A', 'B'], width), `${width}`).toMatch(/^2 (columns )?left out/);
  });
});
