import { describe, expect, it } from 'vitest';
import { parseExactly } from '../../src/api/exact-json.js';

describe('parseExactly: row values a double would round', () => {
  it('come as their JSON text, strings; every other value as JSON.parse gives it', async () => {
    const text =
      '{"rows":[{"big":9007199254740993,"dec":12345678901234567890.12,"neg":-123456789012345678,"small":1.5,"exp":1e3,"round":100000000000000000000,"s":"12345678901234567890 \\" 9007199254740993","tiny":0.1}]}';
    expect(parseExactly(text)).toEqual({
      rows: [
        {
          big: '9007199254740993',
          dec: '12345678901234567890.12',
          neg: '-123456789012345678',
          small: 1.5,
          exp: 1000,
          round: 1e20,
          s: '12345678901234567890 " 9007199254740993',
          tiny: 0.1,
        },
      ],
    });
    expect(parseExactly('{"n":12,"x":[1,2.5]}')).toEqual({ n: 12, x: [1, 2.5] });
  });

  it('are found wherever they stand: after a minus, with a point, before an exponent, in an array, as the whole body', () => {
    expect(parseExactly('{"a":-1.2345678901234567e5,"b":[0.10000000000000001],"c":12345678.90123456e2}')).toEqual({
      a: '-1.2345678901234567e5',
      b: ['0.10000000000000001'],
      c: '12345678.90123456e2',
    });
    expect(parseExactly('9007199254740993')).toBe('9007199254740993');
    // sixteen digits a double keeps, and runs of digits in strings, stay as JSON.parse reads them
    expect(parseExactly('[1234567890123456,"1234567890123456789"]')).toEqual([1234567890123456, '1234567890123456789']);
  });
});
