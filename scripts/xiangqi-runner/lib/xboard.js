'use strict';
/*
 * An xboard/CECP engine in xiangqi: `variant xiangqi`, the opening replayed as moves (or
 * `setboard`), `time`/`otim` before each `go`, `force` after each of its moves.
 */
const { performance } = require('perf_hooks');
const { fmtSec, mmss } = require('./clock');
const { Engine, INIT_TIMEOUT_MS, sleep } = require('./engine');
const { XIANGQI_START, toEngine } = require('./notation');

class XboardEngine extends Engine {
  // Result claims and complaints about our moves are kept for the end-of-game report; they never
  // change a game (the referee decides).
  watchClaims(line) {
    const r = /^(1-0|0-1|1\/2-1\/2)(\s|$)/.exec(line.trim());
    if (r) this.claims.push({ kind: 'result', result: r[1], text: line.trim() });
    // Optional set-up commands an engine does not know (MaxQi announces smp=1 but has no "cores").
    else if (/^Error \(unknown command\): (cores|memory|easy|post|option)\b/.test(line.trim())) return;
    else if (/^(Illegal move|Error)/i.test(line.trim())) this.claims.push({ kind: 'complaint', text: line.trim() });
  }

  async start() {
    this.spawnProcess();
    this.features = {};
    let sawDone0 = false, done = false;
    this.listener = (line) => {
      if (!/^feature\s/.test(line)) return;
      const re = /(\w+)=("([^"]*)"|\S+)/g;
      let m;
      while ((m = re.exec(line)) !== null) {
        const key = m[1], val = m[3] !== undefined ? m[3] : m[2];
        if (key === 'done') { if (val === '0') sawDone0 = true; else done = true; }
        else this.features[key] = val;
        if (key === 'san' && val === '1') this.send('rejected san');
        else if (key !== 'option') this.send(`accepted ${key}`);
      }
    };
    this.send('xboard');
    this.send('protover 2');
    // Protocol: a GUI waits 2 s for features; an engine that sent done=0 has until done=1. The 2 s
    // count from the engine's last output line, since an engine that starts slowly on a loaded
    // machine (MaxQi took 1.2 s) would otherwise lose its features; INIT_TIMEOUT_MS caps it all.
    const t0 = performance.now();
    while (this.alive && !done) {
      const now = performance.now();
      if (now - t0 >= INIT_TIMEOUT_MS) break;
      if (!sawDone0 && now - Math.max(t0, this.lastLineAt || 0) >= 2000) break;
      await sleep(20);
    }
    this.listener = null;
    if (!this.alive) return 'exited during start-up';
    if (sawDone0 && !done) return 'sent feature done=0 and never done=1';
    if (this.features.variants && !this.features.variants.split(',').includes('xiangqi'))
      return `does not list xiangqi in its variants (${this.features.variants})`;
    return null;
  }

  moveCommand(refMove) {
    const m = toEngine(refMove, this.spec.notation);
    return this.features.usermove === '1' ? `usermove ${m}` : m;
  }

  async ping() {
    if (this.features.ping !== '1') return null;
    const n = (this.pingId = (this.pingId || 0) + 1);
    this.send(`ping ${n}`);
    const r = await this.waitFor((l) => l.trim() === `pong ${n}`, INIT_TIMEOUT_MS);
    return r.kind === 'line' ? null : r.kind;
  }

  async newGame(setup) {
    this.setup = setup;
    this.send('new');
    this.send('variant xiangqi');
    this.send('force');
    if (setup.movetimeMs) this.send(`st ${Math.max(1, Math.round(setup.movetimeMs / 1000))}`);
    else this.send(`level 0 ${mmss(setup.baseMs)} ${fmtSec(setup.incMs / 1000)}`);
    this.send('post');
    this.send('easy');
    if (this.features.memory === '1' && this.spec.hashMb) this.send(`memory ${this.spec.hashMb}`);
    if (this.features.smp === '1') this.send('cores 1');
    for (const [k, v] of Object.entries(this.spec.options)) this.send(`option ${k}=${v}`);
    if (setup.openingMoves) {
      // Engines disagree on FEN piece letters for xiangqi (sjaakii wants h/e, hoixiangqi rejects
      // Fairy-Stockfish's FEN), so the opening is replayed from the start position as moves.
      for (const m of setup.openingMoves) this.send(this.moveCommand(m));
    } else if (setup.fen !== XIANGQI_START) {
      if (this.features.setboard !== '1') return 'cannot set up a FEN (setboard=0) and the opening has no move list';
      this.send(`setboard ${setup.fen}`);
    }
    this.known = 0;   // game moves (after the opening) the engine has been told
    return this.ping();
  }

  async go(req) {
    for (; this.known < req.gameMoves.length; this.known++) this.send(this.moveCommand(req.gameMoves[this.known]));
    if (!req.movetimeMs) {
      const own = req.white ? req.wtime : req.btime, opp = req.white ? req.btime : req.wtime;
      this.send(`time ${Math.max(1, Math.floor(own / 10))}`);
      this.send(`otim ${Math.max(1, Math.floor(opp / 10))}`);
    }
    const info = {};
    this.listener = (line) => {
      const t = /^\s*(\d+)\s+(-?\d+)\s+(\d+)\s+(\d+)\b/.exec(line);
      if (t) { info.depth = Number(t[1]); info.score = (Number(t[2]) / 100).toFixed(2).replace(/^(?!-)/, '+'); }
    };
    this.send('go');
    const t0 = performance.now();
    const r = await this.waitFor((l) => /^(move\s+\S|My move is\s*:|resign\b)/.test(l.trim()), req.waitMs);
    this.listener = null;
    if (r.kind !== 'line') return { ...r, t0 };
    const line = r.line.trim();
    if (/^resign\b/.test(line)) return { kind: 'resign', t0, at: r.at };
    this.send('force');
    this.known++;  // its own move is on its board now
    const text = line.replace(/^(move|My move is\s*:)\s*/, '').split(/\s+/)[0];
    return { kind: 'move', text, t0, at: r.at, info };
  }
}

module.exports = { XboardEngine };
