'use strict';
/*
 * A match: game pairs with colours swapped, `--concurrency` slots each with its own pair of engine
 * processes, clocks kept by the runner, every move checked by the referee, the PGN and a summary.
 */
const fs = require('fs');
const path = require('path');
const { FatalError } = require('./errors');
const { fmtSec } = require('./clock');
const { sleep } = require('./engine');
const { Game } = require('./game');
const { Logger } = require('./log');
const { fromEngine } = require('./notation');
const { mulberry32, readOpenings } = require('./openings');
const { legalSet } = require('./referee');
const { Stats, eloSummary } = require('./stats');
const { newEngine } = require('./protocols');

// How long an engine may think on a move under --nodes before it counts as stalled.
const NODES_WAIT_MS = 60000;

async function ensureStarted(eng, stats) {
  if (eng.alive && !eng.needsRestart) return null;
  if (eng.everStarted && !eng.needsRestart) {
    stats.bad[eng.name].disconnects++;   // it died between games
    console.log(`Warning: ${eng.name} exited between games; restarting it`);
  }
  eng.kill();
  eng.needsRestart = false;
  const err = await eng.start();
  if (err) {
    stats.bad[eng.name]['start-up failures']++;
    eng.kill();
    // An engine that never started is a set-up error, not a result: stop instead of forfeiting
    // every game.
    if (!eng.everStarted) throw new FatalError(`${eng.name} (${eng.spec.argv.join(' ')}) failed to start: ${err}`);
    return err;
  }
  eng.everStarted = true;
  return null;
}

async function playOne(ctx, job, white, black) {
  const { ff, args, stats } = ctx;
  const engines = [white, black];
  const game = new Game(ff, job.opening, [white.name, black.name], args.rules);
  const setup = {
    fen: game.startFen, openingMoves: job.opening.moves, baseMs: args.tc.baseMs, incMs: args.tc.incMs,
    movetimeMs: args.stMs,
  };
  // Start-up and new game: an engine that cannot get ready loses the game.
  for (let s = 0; s < 2 && !game.result; s++) {
    const eng = engines[s];
    eng.claims = [];
    if (args.restart) eng.needsRestart = true;
    let err = await ensureStarted(eng, stats);
    if (!err) {
      const r = await eng.newGame(setup);
      if (r) err = `not ready for a new game (${r})`;
    }
    if (err) {
      eng.needsRestart = true;
      stats.bad[eng.name].disconnects++;
      game.lose(s, `disconnects (${err})`, 'abandoned', 'disconnect');
      console.log(`Warning: ${eng.name}: ${err}`);
    }
  }
  const clock = [args.tc.baseMs, args.tc.baseMs];
  while (!game.result && !game.judge(args.maxPlies)) {
    const side = game.stm();
    const eng = engines[side];
    // With --nodes no clock runs: an engine only has to answer within NODES_WAIT_MS.
    const budget = args.nodes ? NODES_WAIT_MS : args.stMs || clock[side];
    const r = await eng.go({
      gameMoves: game.moves, white: side === 0, wtime: clock[0], btime: clock[1], incMs: args.tc.incMs,
      movetimeMs: args.stMs, nodes: args.nodes, waitMs: budget + args.timemargin + args.grace,
    });
    if (r.kind !== 'move' && ctx.interrupted) { game.interrupted = true; break; }
    if (r.kind === 'exit') {
      eng.needsRestart = true;
      stats.bad[eng.name].disconnects++;
      game.lose(side, 'disconnects', 'abandoned', 'disconnect');
      break;
    }
    if (r.kind === 'timeout') {
      eng.needsRestart = true;
      stats.bad[eng.name].stalls++;
      game.lose(side, `stalls (no move ${args.grace} ms after its flag; engine restarted)`, 'abandoned', 'stall');
      break;
    }
    const used = r.at - r.t0;
    const overrun = used - budget - args.timemargin;
    if (overrun > 0 && !args.nodes) {
      stats.bad[eng.name]['time losses']++;
      game.lose(side, `loses on time (${Math.ceil(used - budget)} ms overrun)`, 'time forfeit', 'time');
      break;
    }
    if (r.kind === 'resign') {
      stats.bad[eng.name].resigns++;
      game.lose(side, 'resigns');
      break;
    }
    if (!args.stMs && !args.nodes) clock[side] = clock[side] - used + args.tc.incMs;
    const move = fromEngine(r.text, eng.spec.notation);
    if (!move || !legalSet(game.board).has(move)) {
      let hint = '';
      const other = eng.spec.notation === 'zero' ? 'one' : 'zero';
      const alt = fromEngine(r.text, other);
      if (alt && legalSet(game.board).has(alt)) hint = ` (legal if read with ${other}-based ranks: check --notation)`;
      eng.needsRestart = true;
      stats.bad[eng.name]['illegal moves']++;
      game.lose(side, `makes an illegal move: ${r.text}${hint}`, 'illegal move', 'illegal');
      break;
    }
    const parts = [];
    if (r.info && r.info.score !== undefined) parts.push(`${r.info.score}/${r.info.depth || 0}`);
    parts.push(`${(used / 1000).toFixed(3)}s`);
    game.play(move, parts.join(' '));
  }
  // Claims an engine prints right after its last move arrive a moment later.
  await sleep(50);
  game.notes = [];
  for (const eng of engines) {
    for (const c of eng.claims) {
      if (c.kind === 'result' && c.result === game.result) continue;
      stats.bad[eng.name][c.kind === 'result' ? 'disputed result claims' : 'complaints']++;
      game.notes.push(`${eng.name}: ${c.text}`);
    }
    eng.claims = [];
  }
  return game;
}

async function runMatch(ff, args) {
  const logger = new Logger(args.log);
  const openings = readOpenings(args.openings, ff);
  let order = openings.map((_, i) => i);
  if (args.seed !== null) {
    const rnd = mulberry32(args.seed);
    for (let i = order.length - 1; i > 0; i--) { const j = Math.floor(rnd() * (i + 1)); [order[i], order[j]] = [order[j], order[i]]; }
  }
  const names = [args.specA.name, args.specB.name];
  if (names[0] === names[1]) { args.specA.name += '-A'; args.specB.name += '-B'; names[0] += '-A'; names[1] += '-B'; }
  const stats = new Stats(names);
  const jobs = [];
  for (let i = 0; i < args.games; i++)
    jobs.push({ index: i, round: i + 1, opening: openings[order[Math.floor(i / 2) % order.length]], aWhite: i % 2 === 0 });
  const pgnFd = fs.openSync(args.pgn, 'w');
  const date = new Date().toISOString().slice(0, 10).replace(/-/g, '.');
  const tcText = args.nodes ? `${args.nodes} nodes/move` : args.stMs ? `${args.stMs / 1000}/move` : `${fmtSec(args.tc.baseMs / 1000)}+${fmtSec(args.tc.incMs / 1000)}`;
  const ctx = { ff, args, stats };
  const tally = { w: 0, l: 0, d: 0 };
  let next = 0, finished = 0;
  const t0 = Date.now();

  async function worker(slot) {
    const a = newEngine(args.specA, logger, slot);
    const b = newEngine(args.specB, logger, slot);
    running.push(a, b);
    try {
      while (next < jobs.length && !ctx.aborted) {
        const job = jobs[next++];
        const [white, black] = job.aWhite ? [a, b] : [b, a];
        const game = await playOne(ctx, job, white, black);
        if (game.interrupted || ctx.interrupted) { game.board.delete(); break; }
        finished++;
        const scoreWhite = game.result === '1-0' ? 1 : game.result === '0-1' ? 0 : 0.5;
        const scoreA = job.aWhite ? scoreWhite : 1 - scoreWhite;
        stats.games.push({ index: job.index, scoreA });
        if (scoreA === 1) tally.w++; else if (scoreA === 0) tally.l++; else tally.d++;
        fs.writeSync(pgnFd, game.pgn({ event: `${names[0]} vs ${names[1]} (xiangqi)`, date, round: job.round, tc: tcText }));
        console.log(`Finished game ${job.round} (${white.name} vs ${black.name}): ${game.result} {${game.reason}}` +
                    (game.notes.length ? ` [ignored: ${game.notes.slice(0, 3).join('; ')}${game.notes.length > 3 ? '; ...' : ''}]` : ''));
        const n = tally.w + tally.l + tally.d;
        console.log(`Score of ${names[0]} vs ${names[1]}: ${tally.w} - ${tally.l} - ${tally.d}  [${((tally.w + tally.d / 2) / n).toFixed(3)}] ${n}`);
        game.board.delete();
      }
    } catch (err) {
      ctx.aborted = true;
      throw err;
    } finally {
      await Promise.all([a.quit(), b.quit()]);
    }
  }

  console.log(`# xiangqi-match: ${names[0]} (${args.specA.proto}) vs ${names[1]} (${args.specB.proto}), ${args.games} games, ` +
              `tc ${tcText}, timemargin ${args.timemargin} ms, concurrency ${args.concurrency}, openings ${path.relative(process.cwd(), args.openings) || args.openings} ` +
              `(${openings.length}), engines ${args.restart ? 'restarted every game' : 'kept between games (ucinewgame / new), restarted after a failure'}`);
  // Ctrl-C / SIGTERM: the games in progress are dropped (not counted, not written) and the
  // summary covers the finished ones.
  const running = [];
  const stop = (sig) => {
    if (ctx.interrupted) return;
    ctx.aborted = ctx.interrupted = true;
    console.log(`${sig}: stopping; games in progress are not counted`);
    for (const e of running) e.kill();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  const settled = await Promise.allSettled(Array.from({ length: Math.min(args.concurrency, jobs.length) }, (_, i) => worker(i + 1)));
  const broken = settled.find((x) => x.status === 'rejected');
  if (broken) { fs.closeSync(pgnFd); logger.close(); throw broken.reason; }
  fs.closeSync(pgnFd);
  logger.close();

  const e = eloSummary(stats.games);
  const n = stats.games.length;
  if (n === 0) {
    console.log('no game finished');
    return { misbehaved: false, stats, tally, interrupted: !!ctx.interrupted };
  }
  const pct = (100 * (tally.w + tally.d / 2)) / n;
  console.log('--------------------------------------------------');
  console.log(`Results of ${names[0]} vs ${names[1]} (${tcText}, ${n} games, ${((Date.now() - t0) / 1000).toFixed(0)} s):`);
  const eloTxt = e.elo === null ? 'n/a (score 0% or 100%)'
    : `${e.elo >= 0 ? '+' : ''}${e.elo.toFixed(0)} ± ${e.err === null ? 'n/a (too few pairs or too lopsided for an interval)' : e.err.toFixed(0)}`;
  console.log(`Elo: ${eloTxt} (95%, pentanomial over ${e.pairs} game pairs)`);
  console.log(`Games: ${n}, Wins: ${tally.w}, Losses: ${tally.l}, Draws: ${tally.d}, Points: ${tally.w + tally.d / 2} (${pct.toFixed(2)} %)`);
  console.log(`Ptnml(0-2): [${e.penta.join(', ')}]`);
  let misbehaved = false;
  console.log(`misbehaviour (${n} games):`);
  for (const name of names) {
    const b = stats.bad[name];
    console.log(`  ${name}: ` + Object.entries(b).map(([k, v]) => `${k} ${v}`).join(', '));
    if (b['time losses'] || b['illegal moves'] || b.disconnects || b.stalls) misbehaved = true;
  }
  const cmd = 'scripts/xiangqi-match ' + process.argv.slice(2).map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`)).join(' ');
  console.log(`${names[0]} vs ${names[1]}: ${tally.w}-${tally.l}-${tally.d}, ${pct.toFixed(1)}%, Elo ${eloTxt} (${n} games, tc ${tcText})`);
  console.log(`| ${names[1]} | ${n} | ${tally.w}-${tally.l}-${tally.d} | ${pct.toFixed(1)}% | ${eloTxt} | ${tcText} | ` +
              `${new Date().toISOString().slice(0, 10)} | \`${cmd}\` |`);
  console.log(`PGN: ${args.pgn}` + (args.log ? `\nlog: ${args.log}` : ''));
  return { misbehaved, stats, tally, interrupted: !!ctx.interrupted };
}

module.exports = { runMatch };
