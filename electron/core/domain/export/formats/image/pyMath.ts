/**
 * sin, cos and atan rounded correctly, as glibc's libm (which Python's math module calls) returns
 * them. V8's fdlibm-based Math.sin/cos/atan differ in the last bit for a few percent of inputs,
 * which shows in rotated COCO boxes and YOLO OBB corners (the converter's arithmetic decides
 * the last bit: docs/export-formats.md#python-numbers-and-json-text). The values are computed in
 * double-double arithmetic (about 106 bits) and rounded once.
 */

type DoubleDouble = [number, number];

const SPLITTER = 134217729; // 2^27 + 1
/** pi/2 as four doubles whose sum carries ~200 bits. */
const HALF_PI = [1.5707963267948966, 6.123233995736766e-17, -1.4973849048591698e-33, 5.562271104316826e-50];

function twoSum(a: number, b: number): DoubleDouble {
  const sum = a + b;
  const bVirtual = sum - a;
  return [sum, a - (sum - bVirtual) + (b - bVirtual)];
}

function quickTwoSum(a: number, b: number): DoubleDouble {
  const sum = a + b;
  return [sum, b - (sum - a)];
}

function split(a: number): DoubleDouble {
  const t = SPLITTER * a;
  const high = t - (t - a);
  return [high, a - high];
}

function twoProduct(a: number, b: number): DoubleDouble {
  const product = a * b;
  const [aHigh, aLow] = split(a);
  const [bHigh, bLow] = split(b);
  return [product, aHigh * bHigh - product + aHigh * bLow + aLow * bHigh + aLow * bLow];
}

function add(a: DoubleDouble, b: DoubleDouble): DoubleDouble {
  const [s, e] = twoSum(a[0], b[0]);
  const [t, f] = twoSum(a[1], b[1]);
  const [s2, e2] = quickTwoSum(s, e + t);
  return quickTwoSum(s2, e2 + f);
}

function multiply(a: DoubleDouble, b: DoubleDouble): DoubleDouble {
  const [product, error] = twoProduct(a[0], b[0]);
  return quickTwoSum(product, error + (a[0] * b[1] + a[1] * b[0]));
}

function divideByNumber(a: DoubleDouble, b: number): DoubleDouble {
  const q1 = a[0] / b;
  const [p, pError] = twoProduct(q1, b);
  const [s, e] = twoSum(a[0], -p);
  const q2 = (s + (e - pError + a[1])) / b;
  return quickTwoSum(q1, q2);
}

function negate(a: DoubleDouble): DoubleDouble {
  return [-a[0], -a[1]];
}

/** x - k*pi/2 in double-double, and k mod 4. */
function reduce(x: number): { r: DoubleDouble; quadrant: number } {
  const k = Math.round(x / HALF_PI[0]!);
  let r: DoubleDouble = [x, 0];
  for (const part of HALF_PI.slice(0, 3)) r = add(r, negate(twoProduct(k, part)));
  r = add(r, [-k * HALF_PI[3]!, 0]);
  return { r, quadrant: ((k % 4) + 4) % 4 };
}

/** Taylor series of sin (odd) or cos (even) for |r| <= pi/4, in double-double. */
function series(r: DoubleDouble, odd: boolean): DoubleDouble {
  const r2 = multiply(r, r);
  let term: DoubleDouble = odd ? r : [1, 0];
  let sum = term;
  // Stop once a term no longer reaches the ~106th bit of the sum.
  const threshold = Math.abs(sum[0]) * 1e-34;
  for (let n = odd ? 2 : 1; n < 60; n += 2) {
    term = negate(divideByNumber(multiply(term, r2), n * (n + 1)));
    sum = add(sum, term);
    if (Math.abs(term[0]) < threshold) break;
  }
  return sum;
}

function sinDoubleDouble(x: number): DoubleDouble {
  const { r, quadrant } = reduce(x);
  if (quadrant === 0) return series(r, true);
  if (quadrant === 1) return series(r, false);
  if (quadrant === 2) return negate(series(r, true));
  return negate(series(r, false));
}

function cosDoubleDouble(x: number): DoubleDouble {
  const { r, quadrant } = reduce(x);
  if (quadrant === 0) return series(r, false);
  if (quadrant === 1) return negate(series(r, true));
  if (quadrant === 2) return negate(series(r, false));
  return series(r, true);
}

function isPlain(x: number): boolean {
  return Number.isFinite(x) && Math.abs(x) < 1e9;
}

export function pySin(x: number): number {
  if (!isPlain(x) || x === 0) return Math.sin(x);
  const sin = sinDoubleDouble(x);
  return sin[0] + sin[1];
}

export function pyCos(x: number): number {
  if (!isPlain(x)) return Math.cos(x);
  const cos = cosDoubleDouble(x);
  return cos[0] + cos[1];
}

/**
 * One Newton step from V8's atan: atan(x) = y0 + atan((x cos y0 - sin y0) / (cos y0 + x sin y0)),
 * where the correction is ~1e-16 so its own atan is itself to ~1e-48.
 */
export function pyAtan(x: number): number {
  const y0 = Math.atan(x);
  if (!isPlain(x) || x === 0) return y0;
  const sin = sinDoubleDouble(y0);
  const cos = cosDoubleDouble(y0);
  const numerator = add(multiply([x, 0], cos), negate(sin));
  const denominator = add(cos, multiply([x, 0], sin));
  return y0 + (numerator[0] + numerator[1]) / (denominator[0] + denominator[1]);
}
