// Reads V8 CPU profiles (`node --cpu-prof`, or `PROFILE_DIR=… node bench/hot-paths.mjs`) and
// prints, per profile, the functions with the most self time, and the process's busy time.
//
//   node bench/profile-top.mjs <file.cpuprofile | directory> [--top 25] [--requests N]
//        [--from µs --to µs] [--inclusive N]
//
// With --requests (how many requests the process answered while profiled) each line also
// shows its self time per request, the figure the bench README compares before and after.
// --from/--to keep only the samples taken in that window (µs of the monotonic clock, which the
// profiles' timestamps and `process.hrtime` share: `ONLY=login` prints its measured window), so
// the start and the demo data fall out. --inclusive N also lists the N functions of this
// repository (libs/, services/) with the most time spent in them and in what they called.
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const top = option('top', 25);
const requests = option('requests', 0);
const from = option('from', -Infinity);
const to = option('to', Infinity);
const inclusiveTop = option('inclusive', 0);
const target = args.find((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1].startsWith('--')));
if (!target) {
  console.error('usage: node bench/profile-top.mjs <file.cpuprofile | directory> [--top 25] [--requests N]');
  process.exit(2);
}
const files = fs.statSync(target).isDirectory()
  ? fs
      .readdirSync(target)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => path.join(target, f))
  : [target];

/** Where a function comes from: an npm package, a workspace of this repository, node itself, or V8. */
function packageOf(url, name) {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const inModules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inModules) return inModules[1];
  if (url.startsWith('node:')) return 'node';
  const workspace = url.match(/\/(libs|services|infra)\/([^/]+)\//);
  return workspace ? `${workspace[1]}/${workspace[2]}` : '(other)';
}

const IDLE = new Set(['(idle)', '(program)']);

for (const file of files) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map();
  // timeDeltas[i] is the time before sample i; it is charged to the sampled node
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (at < from || at > to) continue;
    const id = profile.samples[i];
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const byFunction = new Map();
  const byPackage = new Map();
  let busy = 0;
  for (const [id, us] of selfUs) {
    const { callFrame } = byId.get(id);
    const name = callFrame.functionName || '(anonymous)';
    if (IDLE.has(name)) continue;
    busy += us;
    const where = callFrame.url
      ? `${callFrame.url.replace(/^file:\/\//, '').replace(/.*node_modules\//, '')}:${callFrame.lineNumber + 1}`
      : '';
    const key = `${name} ${where}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    const pkg = packageOf(callFrame.url, name);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  }
  const total = Math.min(profile.endTime, to) - Math.max(profile.startTime, from);
  const perRequest = (us) => (requests ? `${(us / requests).toFixed(1)} µs/req` : '');
  console.log(`\n${path.basename(file)}: ${(total / 1e6).toFixed(1)} s profiled, ${(busy / 1e6).toFixed(2)} s busy ${perRequest(busy)}`);
  console.log(
    `  by package: ${[...byPackage.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([pkg, us]) => `${pkg} ${requests ? `${(us / requests).toFixed(0)} µs/req` : `${(us / 1000).toFixed(0)} ms`}`)
      .join(', ')}`,
  );
  const rows = [...byFunction.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
  for (const [key, us] of rows) {
    console.log(
      `${(us / 1000).toFixed(1).padStart(9)} ms ${((100 * us) / busy).toFixed(1).padStart(5)}% ${perRequest(us).padStart(13)}  ${key}`,
    );
  }
  if (inclusiveTop) printInclusive(profile, byId, selfUs, busy, perRequest);
}

/** The repository's functions by the time spent in them and in everything they called (each counted once per stack). */
function printInclusive(profile, byId, selfUs, busy, perRequest) {
  const parentOf = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const inclusive = new Map();
  for (const [id, us] of selfUs) {
    if (IDLE.has(byId.get(id).callFrame.functionName)) continue;
    const seen = new Set();
    for (let n = id; n !== undefined; n = parentOf.get(n)) {
      const { callFrame } = byId.get(n);
      if (!/\/(libs|services)\//.test(callFrame.url) || callFrame.url.includes('node_modules')) continue;
      const key = `${callFrame.functionName || '(anonymous)'} ${callFrame.url.replace(/.*\/(libs|services)\//, '$1/')}:${callFrame.lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + us);
    }
  }
  console.log('  inclusive (this repository):');
  for (const [key, us] of [...inclusive.entries()].sort((a, b) => b[1] - a[1]).slice(0, inclusiveTop)) {
    console.log(
      `${(us / 1000).toFixed(1).padStart(9)} ms ${((100 * us) / busy).toFixed(1).padStart(5)}% ${perRequest(us).padStart(13)}  ${key}`,
    );
  }
}
