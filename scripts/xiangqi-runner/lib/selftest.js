'use strict';
/*
 * Self-test: notation and referee checks that need nothing but ffish, then two very fast games
 * Fairy-Stockfish vs MaxQi whose PGN must replay legally in ffish to the same result.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { parseTc } = require('./clock');
const { Game } = require('./game');
const { runMatch } = require('./match');
const { XIANGQI_START, fromEngine, toEngine } = require('./notation');
const { engineSpec } = require('./presets');
const { legalSet } = require('./referee');
const { eloSummary } = require('./stats');

async function selfTest(ff, args) {
  let failures = 0, passes = 0;
  const check = (cond, what) => { if (cond) passes++; else { failures++; console.log(`FAIL: ${what}`); } };

  // Notation: every square round-trips, both directions, and malformed text is refused.
  const files = 'abcdefghi';
  for (const f of files) for (let r = 1; r <= 10; r++) {
    const ref = `${f}${r}${files[8 - files.indexOf(f)]}${11 - r}`;
    const zero = toEngine(ref, 'zero');
    check(zero === `${f}${r - 1}${files[8 - files.indexOf(f)]}${10 - r}`, `toEngine zero ${ref} -> ${zero}`);
    check(fromEngine(zero, 'zero') === ref, `fromEngine zero ${zero}`);
    check(toEngine(ref, 'one') === ref && fromEngine(ref, 'one') === ref, `one-based identity ${ref}`);
  }
  check(fromEngine('h2e2', 'zero') === 'h3e3', 'maxqi cannon h2e2 is h3e3');
  check(fromEngine('a9a8', 'zero') === 'a10a9', 'zero a9a8 -> a10a9');
  check(fromEngine('a10a9', 'zero') === null, 'zero-based rank 10 refused');
  check(fromEngine('a0a1', 'one') === null, 'one-based rank 0 refused');
  check(fromEngine('j1j2', 'one') === null && fromEngine('e2', 'one') === null && fromEngine('', 'zero') === null, 'malformed refused');
  check(fromEngine('b0c2', 'zero') === 'b1c3' && fromEngine('h2-e2', 'zero') === 'h3e3', 'CECP forms');

  // Referee facts the runner relies on.
  const start = new ff.Board('xiangqi');
  check(start.fen() === XIANGQI_START, 'start FEN');
  check(legalSet(start).size === 44, 'start position has 44 legal moves');
  start.delete();
  let g = new Game(ff, { fen: '3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1', moves: null }, ['W', 'B']);
  check(g.judge(0) && g.result === '1-0' && /stalemated/.test(g.reason), `stalemate is a loss: ${g.result} ${g.reason}`);
  g.board.delete();
  g = new Game(ff, { fen: '4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1', moves: null }, ['W', 'B']);
  for (const m of 'f1e1 e10f10 e1f1 f10e10 f1e1 e10f10 e1f1 f10e10'.split(' ')) { check(!g.judge(0), `game goes on before ${m}`); g.play(m, ''); }
  check(g.judge(0) && g.result === '0-1' && /White loses by perpetual check/.test(g.reason), `perpetual check loses: ${g.result} ${g.reason}`);
  g.board.delete();
  g = new Game(ff, { fen: '4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1', moves: null }, ['W', 'B']);
  check(g.judge(0) && g.result === '1/2-1/2' && /insufficient/.test(g.reason), `bare kings: ${g.result} ${g.reason}`);
  g.board.delete();
  // Perpetual chase (ffish 0.7.10 applies Fairy-Stockfish's AXF chasing rule): cycles from
  // tests/xiangqi/test_chase.cpp, each played twice; Sen rules them the same way.
  const chases = [
    ['3k5/9/9/9/2n6/9/9/9/R8/4K4 w - - 0 1', 'a2c2 c6a7 c2a2 a7c6', '0-1', 'chariot chases an unprotected horse'],
    ['4k4/8r/9/9/9/6N2/9/9/9/5K3 b - - 0 1', 'i9g9 g5i4 g9i9 i4g5', '1-0', 'Black chases an unprotected horse'],
    ['r1rk5/9/9/9/2n6/9/9/9/R8/4K4 w - - 0 1', 'a2c2 c6a7 c2a2 a7c6', '1/2-1/2', 'a protected horse is not chased'],
    ['3k5/9/9/r5r2/9/9/6pp1/9/7C1/4K4 w - - 0 1', 'h2g2 g7h7 g2h2 h7g7', '0-1', 'cannon chases a protected chariot'],
    ['3k5/9/9/6r2/9/9/9/9/7R1/4K4 w - - 0 1', 'h2g2 g7h7 g2h2 h7g7', '1/2-1/2', 'chariot against chariot is an exchange'],
    ['3k5/9/9/9/9/9/9/9/5c3/4K4 w - - 0 1', 'e1e2 f2f1 e2e1 f1f2', '1/2-1/2', "the general's attacks are not chases"],
    ['4k4/5c3/CN1n5/9/9/9/9/5N1nc/3C5/3K5 w - - 0 1', 'b8d7 h3f4 d7b8 f4h3', '1/2-1/2', 'both sides chase: a draw'],
  ];
  for (const [fen, cycle, result, what] of chases) {
    g = new Game(ff, { fen, moves: null }, ['W', 'B']);
    const moves = `${cycle} ${cycle}`.split(' ');
    let early = false;
    for (const m of moves) { early = early || g.judge(0); g.play(m, ''); }
    const ended = g.judge(0);
    const loser = result === '0-1' ? 'White' : 'Black';
    const reason = result === '1/2-1/2' ? /Draw by 3-fold repetition/ : new RegExp(`${loser} loses by perpetual chase`);
    check(!early && ended && g.result === result && reason.test(g.reason), `${what}: ${g.result} ${g.reason}`);
    g.board.delete();
  }
  // --rules computer: the self-play cycle ffish rules lost for Black's perpetual chase (Red
  // checked on every other move) is a draw; Asian rules keep ffish's verdict.
  for (const [repetition, result] of [['asian', '1-0'], ['computer', '1/2-1/2']]) {
    g = new Game(ff, { fen: '2rak4/C3an3/4b2cr/4p3p/3ncNp2/2p4R1/P7P/N3C4/4A4/1RB1KAB2 b - - 0 21', moves: null }, ['W', 'B'],
                 { repetition, moveLimit: null });
    for (const m of 'c10c9 a9a10 c9c10 a10a9 c10c9 a9a10 c9c10 a10a9'.split(' ')) g.play(m, '');
    check(g.judge(0) && g.result === result, `${repetition} rules, a chase against one check, one chase: ${g.result} ${g.reason}`);
    g.board.delete();
  }
  // --move-limit: the event's limit replaces ffish's 50 moves; 0 is none.
  for (const [moveLimit, clock, ends] of [[null, 99, true], [60, 99, false], [60, 119, true], [0, 150, false], [10, 19, true], [10, 18, false]]) {
    g = new Game(ff, { fen: `3ak4/4a4/9/9/9/9/9/9/9/3K2R2 w - - ${clock} 70`, moves: null }, ['W', 'B'], { repetition: 'asian', moveLimit });
    g.play('g1g2', '');
    const ended = g.judge(0);
    check(ended === ends && (!ends || (g.result === '1/2-1/2' && /Draw by/.test(g.reason))),
          `move limit ${moveLimit}, clock ${clock + 1}: ${ended ? g.result + ' ' + g.reason : 'goes on'}`);
    g.board.delete();
  }
  // Pentanomial Elo: pair scores 1, 0.75, 0.5, 0.75 -> mean 0.75 (+190.8 Elo), interval by hand +53.8..+432.1.
  const mk = (xs) => xs.map((x, i) => ({ index: i, scoreA: x }));
  let e = eloSummary(mk([1, 1, 1, 0.5, 0.5, 0.5, 1, 0.5]));
  check(Math.abs(e.elo - 190.85) < 0.1 && Math.abs(e.err - 189.0) < 0.5 && e.pairs === 4 && e.penta.join() === '0,0,1,2,1',
        `pentanomial elo ${e.elo} ± ${e.err} ${e.penta}`);
  e = eloSummary(mk([1, 0, 0, 1, 0.5, 0.5]));
  check(Math.abs(e.elo) < 1e-9 && e.err === null, 'an even score with no pair variance: Elo 0, no interval');
  e = eloSummary(mk([1, 1, 1]));
  check(e.elo === null && e.pairs === 1, 'a 100% score has no Elo');
  console.log(`unit checks: ${passes} passed, ${failures} failed`);
  if (args.unitOnly) return failures === 0 ? 0 : 1;

  // Two games at a very fast clock.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xiangqi-selftest-'));
  const openings = path.join(dir, 'openings.epd');
  fs.writeFileSync(openings, `${XIANGQI_START}; moves\n`);
  Object.assign(args, {
    games: 2, concurrency: 1, openings, seed: null, pgn: path.join(dir, 'selftest.pgn'), log: path.join(dir, 'selftest.log'),
    specA: engineSpec('a', 'fairy-stockfish', null, null, [], null, 16),
    specB: engineSpec('b', 'maxqi', null, null, [], null, 16),
  });
  if (!args.tcGiven) args.tc = parseTc('2+0.05');
  const res = await runMatch(ff, args);
  const text = fs.readFileSync(args.pgn, 'utf8');
  const games = text.split(/\n(?=\[Event )/).filter((s) => s.trim());
  check(games.length === 2, `PGN holds 2 games (${games.length})`);
  for (const [i, pgn] of games.entries()) {
    const tags = Object.fromEntries([...pgn.matchAll(/^\[(\w+) "([^"]*)"\]/gm)].map((m) => [m[1], m[2]]));
    check(tags.Variant === 'xiangqi' && tags.FEN, `game ${i + 1}: Variant and FEN tags`);
    const body = pgn.replace(/^\[.*\]$/gm, '').replace(/\{[^}]*\}/g, ' ');
    const sans = body.split(/\s+/).filter((t) => t && !/^\d+\.(\.\.)?$/.test(t) && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(t));
    const replay = new Game(ff, { fen: tags.FEN, moves: null }, ['W', 'B']);
    let legal = true;
    for (const san of sans) {
      const uci = [...legalSet(replay.board)].find((m) => replay.board.sanMove(m) === san);
      if (!uci) { legal = false; check(false, `game ${i + 1}: ${san} is not legal on replay`); break; }
      replay.play(uci, '');
    }
    check(legal && Number(tags.PlyCount) === sans.length, `game ${i + 1}: ${sans.length} moves replay legally`);
    if (tags.Termination === 'normal') {
      check(replay.judge(0) && replay.result === tags.Result, `game ${i + 1}: the replayed game ends ${tags.Result} (${replay.reason})`);
    } else console.log(`note: game ${i + 1} ended by ${tags.Termination}: the runner, not the rules, ended it`);
    replay.board.delete();
    // ffish's own PGN reader agrees on the moves.
    const parsed = ff.readGamePGN(pgn);
    check(parsed.mainlineMoves().trim().split(/\s+/).filter(Boolean).length === sans.length, `game ${i + 1}: ffish.readGamePGN reads ${sans.length} moves`);
    parsed.delete();
  }
  for (const name of Object.keys(res.stats.bad)) {
    const b = res.stats.bad[name];
    check(b['illegal moves'] === 0 && b.disconnects === 0 && b.stalls === 0, `${name}: no illegal move, disconnect or stall`);
    if (b['time losses']) console.log(`note: ${name} lost ${b['time losses']} game(s) on time at this very fast clock (not a self-test failure)`);
  }
  console.log(`self-test: ${passes} passed, ${failures} failed (PGN ${args.pgn})`);
  return failures === 0 ? 0 : 1;
}

module.exports = { selfTest };
