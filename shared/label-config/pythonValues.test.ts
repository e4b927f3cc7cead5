import { describe, expect, it } from 'vitest';
import { parseXml } from './xml.js';
import { PyNumber, pythonFloatRepr, pythonRepr, pythonValueFromXml, toBadgerfish } from './pythonValues.js';

describe('xmljson value conversion and Python reprs', () => {
  it('converts attribute text as xmljson 0.2 does', () => {
    expect(pythonValueFromXml('')).toBeNull();
    expect(pythonValueFromXml(' TRUE ')).toBe(true);
    expect(pythonValueFromXml('false')).toBe(false);
    expect(pythonValueFromXml('1_000')).toEqual(new PyNumber(1000, '1000'));
    expect(pythonValueFromXml('007')).toEqual(new PyNumber(7, '7'));
    expect(pythonValueFromXml('2.50')).toEqual(new PyNumber(2.5, '2.5'));
    expect(pythonValueFromXml('-Infinity')).toEqual(new PyNumber(-Infinity, '-inf'));
    expect(pythonValueFromXml('$text')).toBe('$text');
    expect(pythonValueFromXml(' 12 apples')).toBe(' 12 apples');
  });

  it('formats floats like Python repr', () => {
    expect(pythonFloatRepr(1)).toBe('1.0');
    expect(pythonFloatRepr(123.456)).toBe('123.456');
    expect(pythonFloatRepr(1e16)).toBe('1e+16');
    expect(pythonFloatRepr(1e15)).toBe('1000000000000000.0');
    expect(pythonFloatRepr(0.0001)).toBe('0.0001');
    expect(pythonFloatRepr(0.00001)).toBe('1e-05');
    expect(pythonFloatRepr(-2.5e-7)).toBe('-2.5e-07');
  });

  it('reprs strings with Python quoting and escapes', () => {
    expect(pythonRepr("it's")).toBe('"it\'s"');
    expect(pythonRepr('say "hi"')).toBe('\'say "hi"\'');
    expect(pythonRepr('both \' and "')).toBe("'both \\' and \"'");
    expect(pythonRepr('tab\there\n\u0001é')).toBe("'tab\\there\\n\\x01é'");
  });

  it('builds the BadgerFish structure: attributes, trimmed text, repeated children as lists', () => {
    const data = toBadgerfish(
      parseXml('<View a="1"> hi <Text name="t"/><Choice value="x"/><Choice value="y"/></View>'),
    );
    expect(pythonRepr(data)).toBe(
      "OrderedDict({'View': OrderedDict({'@a': 1, '$': 'hi', 'Text': OrderedDict({'@name': 't'}), 'Choice': [OrderedDict({'@value': 'x'}), OrderedDict({'@value': 'y'})]})})",
    );
  });
});
