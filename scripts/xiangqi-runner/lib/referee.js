'use strict';
/*
 * The referee: ffish (Fairy-Stockfish's rules compiled to WebAssembly), installed on first use
 * into a cache folder outside the repository (never node_modules in the tree), from the committed
 * package.json + package-lock.json (exact version, integrity). It alone decides which moves are
 * legal and how a game ends.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { fail } = require('./errors');
const { posKey } = require('./notation');
const { RUNNER_DIR } = require('./paths');

const FFISH_VERSION = '0.7.10';

function cacheDir() {
  if (process.env.SEN_XIANGQI_RUNNER_DIR) return process.env.SEN_XIANGQI_RUNNER_DIR;
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'sen', 'xiangqi-runner');
}

function ensureFfish() {
  const dir = cacheDir();
  const pkg = path.join(dir, 'node_modules', 'ffish', 'package.json');
  let have = null;
  try { have = JSON.parse(fs.readFileSync(pkg, 'utf8')).version; } catch (_) { /* not installed */ }
  if (have === FFISH_VERSION) return path.join(dir, 'node_modules', 'ffish');
  fs.mkdirSync(dir, { recursive: true });
  for (const f of ['package.json', 'package-lock.json'])
    fs.copyFileSync(path.join(RUNNER_DIR, f), path.join(dir, f));
  process.stderr.write(`xiangqi-match: installing ffish@${FFISH_VERSION} into ${dir} (npm ci)\n`);
  const r = spawnSync('npm', ['ci', '--prefix', dir, '--no-audit', '--no-fund', '--loglevel=error'],
                      { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.error || r.status !== 0)
    fail(`could not install ffish with npm (${r.error ? r.error.message : 'exit ' + r.status}); ` +
         `install it by hand: npm install --prefix ${dir} ffish@${FFISH_VERSION}`);
  return path.join(dir, 'node_modules', 'ffish');
}

// ffish 0.7.10 was built by an Emscripten that prefers fetch() when it exists; Node 18+ has a global
// fetch that cannot read file paths, so it is hidden while the module loads.
function loadFfish() {
  const where = ensureFfish();
  return new Promise((resolve, reject) => {
    const savedFetch = globalThis.fetch;
    delete globalThis.fetch;
    const ff = require(where);
    const timer = setTimeout(() => reject(new Error('ffish did not initialise')), 30000);
    ff.onRuntimeInitialized = () => {
      clearTimeout(timer);
      if (savedFetch) globalThis.fetch = savedFetch;
      resolve(ff);
    };
  });
}

const legalSet = (board) => { const s = board.legalMoves(); return new Set(s ? s.split(' ') : []); };

// ffish 0.7.10's validateFen rejects every xiangqi FEN ("Invalid piece character"), so the shape
// is checked here and the board must read the FEN back unchanged.
function validXiangqiFen(ff, fen) {
  const f = fen.split(/\s+/);
  if (f.length !== 6 || !/^[wb]$/.test(f[1])) return false;
  const ranks = f[0].split('/');
  if (ranks.length !== 10) return false;
  for (const r of ranks) {
    if (!/^[rnbakcpRNBAKCP1-9]+$/.test(r)) return false;
    if ([...r].reduce((n, c) => n + (/\d/.test(c) ? Number(c) : 1), 0) !== 9) return false;
  }
  if ((f[0].match(/K/g) || []).length !== 1 || (f[0].match(/k/g) || []).length !== 1) return false;
  const b = new ff.Board('xiangqi', fen);
  const same = posKey(b.fen()) === posKey(fen);
  b.delete();
  return same;
}

module.exports = { FFISH_VERSION, cacheDir, loadFfish, legalSet, validXiangqiFen };
