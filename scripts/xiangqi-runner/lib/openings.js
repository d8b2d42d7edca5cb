'use strict';
/*
 * Openings: "FEN; moves m1 m2 ...; ce N; acd D" per line (EPD-style operations after the FEN).
 * The moves (referee notation, from the xiangqi start) let engines without a usable setboard
 * replay the opening. Also the seeded generator that shuffles them, and --make-openings.
 */
const fs = require('fs');
const { fail } = require('./errors');
const { Logger } = require('./log');
const { posKey } = require('./notation');
const { legalSet, validXiangqiFen } = require('./referee');
const { UciEngine } = require('./uci');

// A small seeded generator (mulberry32): the opening order and --make-openings repeat for a seed.
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function readOpenings(file, ff) {
  const out = [];
  for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const parts = line.split(';').map((s) => s.trim());
    let fen = parts[0];
    if (fen.split(/\s+/).length === 4) fen += ' 0 1';
    let moves = null;
    for (const p of parts.slice(1)) {
      const m = /^moves\s+"?([^"]*)"?$/.exec(p);
      if (m) moves = m[1].trim() ? m[1].trim().split(/\s+/) : [];
    }
    if (!validXiangqiFen(ff, fen)) fail(`${file}: invalid xiangqi FEN: ${fen}`);
    if (moves) {
      const b = new ff.Board('xiangqi');
      for (const m of moves) {
        if (!legalSet(b).has(m)) fail(`${file}: opening move ${m} is illegal in line: ${line}`);
        b.push(m);
      }
      const same = posKey(b.fen()) === posKey(fen);
      b.delete();
      if (!same) fail(`${file}: the moves do not lead to the FEN in line: ${line}`);
    }
    out.push({ fen, moves });
  }
  if (!out.length) fail(`${file}: no openings`);
  return out;
}

// Opening suite: random legal 4-8 ply lines from the start, kept when a reference UCI engine
// scores them within +/- margin centipawns at a fixed depth.

async function makeOpenings(ff, args) {
  const rnd = mulberry32(args.seed === null ? 1 : args.seed);
  const logger = new Logger(args.log);
  const spec = args.specRef;
  const eng = new UciEngine(spec, logger, 'ref');
  const err = await eng.start();
  if (err) fail(`reference engine ${spec.name}: ${err}`);
  const seen = new Set();
  const kept = [];
  let tried = 0;
  while (kept.length < args.makeOpenings && tried < args.makeOpenings * 50) {
    tried++;
    const b = new ff.Board('xiangqi');
    const plies = 4 + Math.floor(rnd() * 5);
    const moves = [];
    let ok = true;
    for (let i = 0; i < plies; i++) {
      const legal = [...legalSet(b)];
      if (!legal.length) { ok = false; break; }
      const m = legal[Math.floor(rnd() * legal.length)];
      b.push(m);
      moves.push(m);
    }
    const fen = b.fen();
    ok = ok && !b.isCheck() && legalSet(b).size > 0 && b.result(true) === '*' && !seen.has(posKey(fen));
    b.delete();
    if (!ok) continue;
    seen.add(posKey(fen));
    await eng.newGame({ fen });
    let score = null;
    eng.listener = (line) => {
      const s = /\bscore (cp|mate) (-?\d+)/.exec(line);
      if (s) score = s[1] === 'cp' ? Number(s[2]) : null;
    };
    eng.send(`position fen ${fen}`);
    eng.send(`go depth ${args.depth}`);
    const r = await eng.waitFor((l) => /^bestmove\b/.test(l), 120000);
    eng.listener = null;
    if (r.kind !== 'line') fail(`reference engine gave no bestmove (${r.kind})`);
    if (score === null || Math.abs(score) > args.margin) continue;
    kept.push(`${fen}; moves ${moves.join(' ')}; ce ${score}; acd ${args.depth}`);
    if (kept.length % 10 === 0) process.stderr.write(`  ${kept.length} kept of ${tried} tried\n`);
  }
  await eng.quit();
  logger.close();
  fs.writeFileSync(args.openingsOut, kept.join('\n') + '\n');
  console.log(`wrote ${kept.length} openings (of ${tried} random lines) to ${args.openingsOut}: ` +
              `${spec.name} at depth ${args.depth}, |score| <= ${args.margin} cp`);
}

module.exports = { mulberry32, readOpenings, makeOpenings };
