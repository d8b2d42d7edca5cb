'use strict';
/*
 * Command line: the options, --help (the entry point's header comment plus the option list), and
 * main(), which picks the match, --make-openings or --self-test.
 */
const fs = require('fs');
const path = require('path');
const { parseTc } = require('./clock');
const { fail } = require('./errors');
const { runMatch } = require('./match');
const { makeOpenings } = require('./openings');
const { ENTRY, REPO } = require('./paths');
const { engineSpec } = require('./presets');
const { PROTOCOLS } = require('./protocols');
const { loadFfish } = require('./referee');
const { selfTest } = require('./selftest');

const DEFAULT_OPENINGS = path.join(REPO, 'openings', 'xiangqi-balanced.epd');

function parseArgs(argv) {
  const a = {
    engineA: null, engineB: null, protoA: null, protoB: null, nameA: null, nameB: null, optionA: [], optionB: [],
    notationA: null, notationB: null, tc: null, st: null, nodes: 0, games: 100, concurrency: 1, hash: 64, openings: DEFAULT_OPENINGS,
    seed: null, pgn: null, log: null, timemargin: null, grace: 1000, maxPlies: 0, restart: false, rules: 'asian', moveLimit: null,
    makeOpenings: 0, openingsOut: DEFAULT_OPENINGS, depth: 10, margin: 50, reference: 'fairy-stockfish', selfTest: false,
  };
  const flags = {
    '--engine-a': 'engineA', '--engine-b': 'engineB', '--against': 'engineB', '--proto-a': 'protoA', '--proto-b': 'protoB',
    '--name-a': 'nameA', '--name-b': 'nameB', '--notation-a': 'notationA', '--notation-b': 'notationB', '--tc': 'tc',
    '--st': 'st', '--nodes': 'nodes', '--games': 'games', '--concurrency': 'concurrency', '--hash': 'hash', '--openings': 'openings',
    '--seed': 'seed', '--pgn': 'pgn', '--log': 'log', '--timemargin': 'timemargin', '--grace': 'grace',
    '--max-plies': 'maxPlies', '--make-openings': 'makeOpenings', '--out': 'openingsOut', '--depth': 'depth',
    '--margin': 'margin', '--reference': 'reference', '--rules': 'rules', '--move-limit': 'moveLimit',
  };
  const numeric = new Set(['moveLimit', 'nodes', 'games', 'concurrency', 'hash', 'seed', 'timemargin', 'grace', 'maxPlies', 'makeOpenings', 'depth', 'margin']);
  for (let i = 0; i < argv.length; i++) {
    let arg = argv[i], val = null;
    const eq = arg.indexOf('=');
    if (arg.startsWith('--') && eq > 0) { val = arg.slice(eq + 1); arg = arg.slice(0, eq); }
    if (arg === '-h' || arg === '--help') { usage(); process.exit(0); }
    if (arg === '--self-test') { a.selfTest = true; continue; }
    if (arg === '--unit-only') { a.selfTest = true; a.unitOnly = true; continue; }
    if (arg === '--restart') { a.restart = true; continue; }
    if (arg === '--option-a' || arg === '--option-b') { a[arg === '--option-a' ? 'optionA' : 'optionB'].push(val !== null ? val : argv[++i]); continue; }
    const key = flags[arg];
    if (!key) fail(`unknown argument ${arg} (see --help)`);
    if (val === null) { if (i + 1 >= argv.length) fail(`${arg} needs a value`); val = argv[++i]; }
    if (numeric.has(key)) { if (!/^-?\d+$/.test(val)) fail(`${arg} needs an integer, got ${val}`); a[key] = Number(val); }
    else a[key] = val;
  }
  return a;
}

function usage() {
  const text = fs.readFileSync(ENTRY, 'utf8').split('\n');
  const end = text.findIndex((l) => l.startsWith(' */'));
  console.log(text.slice(3, end).map((l) => l.replace(/^ \* ?/, '')).join('\n'));
  console.log(`
Options:
  --engine-a X / --engine-b X   preset name or command (A defaults to Sen: $SEN, build-match/sen, build/sen)
  --against PRESET              same as --engine-b
  --proto-a/--proto-b uci|pikafish|ucci|xboard  protocol of a command (default uci; pikafish: Pikafish's
                                UCI dialect, no UCI_Variant, ranks 0-9; ucci: UCCI, ranks 0-9)
  --name-a/--name-b NAME        display names
  --option-a/--option-b N=V     UCI setoption / CECP "option N=V" (repeatable), e.g. UCI_LimitStrength=true
  --notation-a/--notation-b zero|one  rank numbering the engine speaks (default: uci one, the others zero)
  --tc BASE+INC                 Fischer clock in seconds (default 10+0.1)   --st SECONDS  fixed time per move instead
  --nodes N                     fixed nodes per move instead (uci, pikafish, ucci: "go nodes N"; no clock, no time losses)
  --games N (100)  --concurrency N (1)  --hash MB (64)  --seed N (shuffle openings)  --restart (new process every game)
  --openings FILE (openings/xiangqi-balanced.epd)  --pgn FILE  --log FILE (engine communication)
  --timemargin MS       allowed overrun before a move counts as late (default 0; 200 with --st)
  --grace MS (1000)     wait after the flag before an engine is declared stalled and restarted
  --max-plies N         draw after N plies (default: none; the rules end every game)
  --rules asian|computer  the referee's repetition rules (default asian: ffish's AXF verdicts; computer: a
                        cycle with a check in it is never a perpetual chase, as Pikafish rules)
  --move-limit N        draw after N moves without a capture (0: no limit; default: ffish's 50-move rule).
                        Tell the engines too, e.g. --option-a "Move Limit=N" --option-a "Repetition Rule=computer"
  --make-openings N [--out FILE] [--depth 10] [--margin 50] [--reference PRESET|COMMAND] [--seed N]
  --self-test [--tc 2+0.05]    checks + 2 games FSF vs MaxQi;  --unit-only  the checks alone (needs only ffish)`);
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const ff = await loadFfish();
  args.tcGiven = args.tc !== null;
  args.tc = parseTc(args.tc || '10+0.1');
  args.stMs = args.st ? Math.round(Number(args.st) * 1000) : 0;
  if (args.st && !(args.stMs > 0)) fail(`bad --st ${args.st}`);
  // Engines given a fixed move time aim at it exactly and arrive a few ms late through the pipe,
  // so --st gets a default margin of 200 ms; Fischer clocks get none unless asked.
  if (args.timemargin === null) args.timemargin = args.stMs ? 200 : 0;
  if (args.selfTest) return selfTest(ff, args);
  if (args.makeOpenings > 0) {
    args.specRef = engineSpec('ref', args.reference, 'uci', null, [], null, args.hash);
    if (args.specRef.proto !== 'uci') fail('the reference engine must speak UCI');
    await makeOpenings(ff, args);
    return 0;
  }
  if (args.games < 1 || args.concurrency < 1) fail('--games and --concurrency must be at least 1');
  if (args.rules !== 'asian' && args.rules !== 'computer') fail(`--rules must be asian or computer, got ${args.rules}`);
  if (args.moveLimit !== null && args.moveLimit < 0) fail('--move-limit needs 0 (no limit) or a positive number of moves');
  args.rules = { repetition: args.rules, moveLimit: args.moveLimit };
  if (!args.engineB) fail('give --against PRESET or --engine-b COMMAND (see --help)');
  if (args.nodes < 0 || (args.nodes && args.st)) fail('--nodes needs a positive count, and not with --st');
  if (args.games % 2) console.log(`Warning: ${args.games} games is odd: the last opening is played with one colour only and left out of the pentanomial Elo`);
  args.specA = engineSpec('a', args.engineA || 'sen', args.protoA, args.nameA, args.optionA, args.notationA, args.hash);
  args.specB = engineSpec('b', args.engineB, args.protoB, args.nameB, args.optionB, args.notationB, args.hash);
  if (args.nodes && (!PROTOCOLS[args.specA.proto].nodes || !PROTOCOLS[args.specB.proto].nodes))
    fail('--nodes needs two engines that take go nodes (uci, pikafish, ucci)');
  if (!fs.existsSync(args.openings)) fail(`no openings file ${args.openings}: run scripts/xiangqi-match --make-openings 150`);
  if (!args.pgn) {
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    const safe = (s) => s.replace(/[^A-Za-z0-9_.+-]/g, '_');
    const dir = process.env.SEN_MATCH_DIR || '/tmp/sen-matches';
    args.pgn = path.join(dir, `${stamp}-xiangqi-${safe(args.specA.name)}-vs-${safe(args.specB.name)}-${safe(args.tc.baseMs / 1000 + '+' + args.tc.incMs / 1000)}.pgn`);
  }
  args.pgn = path.resolve(args.pgn);
  if (!path.relative(REPO, args.pgn).startsWith('..')) fail(`${args.pgn} is inside the repository: keep match output outside it`);
  fs.mkdirSync(path.dirname(args.pgn), { recursive: true });
  const res = await runMatch(ff, args);
  return res.misbehaved ? 3 : res.interrupted ? 130 : 0;
}

module.exports = { parseArgs, usage, main };
