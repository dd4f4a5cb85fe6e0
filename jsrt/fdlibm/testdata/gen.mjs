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
process.stdout.write(`# ${process.version} (V8 ${process.versions.v8})\n` + lines.join('\n') + '\n');
