// Writes v8.txt: arguments and V8's results of the Math functions package fdlibm ports, as
// hex bits, one "name x [y] result" a line. Run by `go test ./jsrt/fdlibm -run TestAgainstV8
// -update` under Node; the committed file is what the test checks without Node.
const buf = new Float64Array(1);
const bits = new BigUint64Array(buf.buffer);
const hex = (x) => {
  buf[0] = x;
  return bits[0].toString(16);
};
let seed = 20261206;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const specials = [0, -0, 1, -1, 0.5, -0.5, 2, -2, Infinity, -Infinity, NaN, 1e-300, -1e-300, 5e-324, 1e300, 0.975, -0.975, 0.4375, 1.1875, 2.4375, 2 ** 66, 2 ** -27, Math.PI, Math.E];
const lines = [];
const one = (name, range) => {
  for (const x of specials) lines.push(`${name} ${hex(x)} ${hex(Math[name](x))}`);
  for (let i = 0; i < 1500; i++) {
    const x = range(i);
    lines.push(`${name} ${hex(x)} ${hex(Math[name](x))}`);
  }
};
const scale = (i) => [1, 3, 1e3, 1e-5, 1e12][i % 5];
one('atan', (i) => (random() * 2 - 1) * scale(i));
one('asin', () => random() * 2 - 1);
one('acos', () => random() * 2 - 1);
one('cbrt', (i) => (random() * 2 - 1) * [1, 1e3, 1e-300, 1e300, 1e-310][i % 5]);
one('exp', (i) => (random() * 2 - 1) * [1, 0.5, 20, 700, 745][i % 5]);
one('expm1', (i) => (random() * 2 - 1) * [1, 0.5, 20, 40, 1e-10][i % 5]);
one('sinh', (i) => (random() * 2 - 1) * [1, 0.5, 22, 710, 1e-9][i % 5]);
one('cosh', (i) => (random() * 2 - 1) * [1, 0.3, 22, 710, 1e-17][i % 5]);
one('log', (i) => random() * [2, 1e-3, 1e5, 1e300, 1e-310][i % 5]);
one('log10', (i) => random() * [2, 1e-3, 1e5, 1e300, 1e-310][i % 5]);
one('log2', (i) => random() * [2, 1e-3, 1e5, 1e300, 1e-310][i % 5]);
one('log1p', (i) => (random() * [1.5, 1e-3, 1e5, 1e300, 1e-20][i % 5]) - (i % 5 === 0 ? 0.9 : 0));
one('asinh', (i) => (random() * 2 - 1) * [1.9, 1e-9, 1e5, 1e300, 3][i % 5]);
one('acosh', (i) => 1 + random() * [1, 1e-9, 1e5, 1e300, 3][i % 5]);
one('atanh', (i) => (random() * 2 - 1) * [1, 0.5, 1e-9, 0.999, 0.3][i % 5]);
one('tanh', (i) => (random() * 2 - 1) * [1, 0.5, 3, 30, 1e-9][i % 5]);
for (const x of specials) for (const y of specials) lines.push(`atan2 ${hex(y)} ${hex(x)} ${hex(Math.atan2(y, x))}`);
for (let i = 0; i < 1500; i++) {
  const y = (random() * 2 - 1) * scale(i);
  const x = (random() * 2 - 1) * scale(i + 2);
  lines.push(`atan2 ${hex(y)} ${hex(x)} ${hex(Math.atan2(y, x))}`);
}

// sin, cos, tan: the ranges above, the medium reduction (to 2^19·π/2), huge arguments that need
// Payne–Hanek, multiples of π/2 and their neighbours (where the reduction cancels), random bit
// patterns (every exponent, subnormals, NaNs), and the hardest case for the reduction known.
const randomBits = () => {
  const hi = BigInt(Math.floor(random() * 2 ** 31)) << 33n;
  const mid = BigInt(Math.floor(random() * 2 ** 31)) << 2n;
  bits[0] = hi ^ mid ^ BigInt(Math.floor(random() * 4));
  return buf[0];
};
const neighbour = (x, d) => {
  buf[0] = x;
  bits[0] += BigInt(d);
  return buf[0];
};
const trigSpecials = [...specials, 1e22, 1e-310, -1e-310, 2 ** 19 * Math.PI / 2, 2 ** 1023, -(2 ** 1023), 1.7976931348623157e308,
  Math.PI / 2, Math.PI / 4, 3 * Math.PI / 4, 0.7853981633974483, 2 ** -28, 0.6744, 0.67434, 6381956970095103 * 2 ** 797, 5.319372648326541e255];
for (let k = 1; k <= 64; k++) for (const d of [-1, 0, 1]) trigSpecials.push(neighbour(k * Math.PI / 2, d), neighbour(-k * Math.PI / 2, d));
for (let k = 1; k < 40; k++) trigSpecials.push(Math.PI / 2 * 2 ** (k * 25), neighbour(Math.PI / 2 * 2 ** (k * 25), 1));
const trig = (name) => {
  for (const x of trigSpecials) lines.push(`${name} ${hex(x)} ${hex(Math[name](x))}`);
  for (let i = 0; i < 3000; i++) {
    const x = i % 3 === 2 ? randomBits() : (random() * 2 - 1) * [1, 3, 1e3, 1e6, 1e9, 1e22, 1e300, 1e-5, 7, 2e5][i % 10];
    lines.push(`${name} ${hex(x)} ${hex(Math[name](x))}`);
  }
};
trig('sin');
trig('cos');
trig('tan');
// pow: its special cases (±0, ±Infinity, NaN, ±1 bases and exponents, negative bases with
// integer exponents, 0.5, huge exponents), results near overflow and underflow, random pairs.
const powSpecials = [...specials, 3, -3, 1 / 3, -1 / 3, 0.25, 10, -10, -8, 1.5, 2 ** 31, 2 ** 31 + 1, 2 ** 53, 2 ** 53 + 2, -(2 ** 53),
  2 ** 64, 2 ** 70, 1 - 2 ** -52, 1 + 2 ** -52, 1 - 2 ** -21, 1 + 2 ** -21, 1e308, 1e-308, 1e-320, 1024, -1074, -1075, 1023.5];
const pow = (x, y) => lines.push(`pow ${hex(x)} ${hex(y)} ${hex(Math.pow(x, y))}`);
for (const x of powSpecials) for (const y of powSpecials) pow(x, y);
for (let i = 0; i < 1500; i++) {
  const x = random() * [2, 10, 1e3, 1e-3, 1e100][i % 5];
  const y = (random() * 2 - 1) * [2, 10, 100, 1e3, 0.5][(i + 1) % 5];
  pow(x, y);
}
for (let i = 0; i < 500; i++) { // negative bases, integer and non-integer exponents
  const x = -random() * [2, 10, 1e3, 1e-3, 1e20][i % 5];
  pow(x, i % 4 === 3 ? random() * 10 : Math.round((random() * 2 - 1) * [5, 50, 300, 1000][i % 4]));
}
for (let i = 0; i < 500; i++) { // near overflow and underflow: y·log2(x) near 1024 or -1074
  const x = 1 + random() * [1, 1e-3, 100, 1e-9][i % 4];
  const edge = i % 2 ? 1024 : -1074 + (random() * 2 - 1) * 1.5;
  pow(x, edge / Math.log2(x) * (1 + (random() * 2 - 1) * 1e-15));
}
for (let i = 0; i < 500; i++) pow(randomBits(), i % 2 ? randomBits() : (random() * 2 - 1) * 64);
for (let i = 0; i < 200; i++) pow(1 + (random() * 2 - 1) * 2 ** -22, (random() * 2 - 1) * 2 ** 40); // |y| > 2^31, x near 1
process.stdout.write(`# ${process.version} (V8 ${process.versions.v8})\n` + lines.join('\n') + '\n');
