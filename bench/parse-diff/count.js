// Usage: node bench/parse-diff/count.js DIFF_FILE [RUNS]
// Parses the file with npm parse-diff RUNS times (default 3) and prints the median MB/s and the file count,
// or failed=<reason> when it cannot (a JS string holds at most ~536 MB, so big diffs fail before parsing).
const fs = require('fs');
const parse = require('parse-diff');
const file = process.argv[2];
const runs = Number(process.argv[3] || 3);
const size = fs.statSync(file).size;
try {
  const speeds = [];
  let files = 0, additions = 0;
  for (let r = 0; r < runs; r++) {
    const start = process.hrtime.bigint();
    const parsed = parse(fs.readFileSync(file, 'utf8'));
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    speeds.push(size / 1e6 / seconds);
    files = parsed.length;
    additions = parsed.reduce((n, f) => n + f.additions, 0);
  }
  speeds.sort((a, b) => a - b);
  console.log(`mb_per_s=${speeds[Math.floor(runs / 2)].toFixed(0)} bytes=${size} sections=${files} additions=${additions}`);
} catch (e) {
  console.log(`failed=${String(e.message || e).replace(/\s+/g, '_').slice(0, 80)} bytes=${size}`);
}
