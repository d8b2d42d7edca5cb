'use strict';
/*
 * A UCI engine in xiangqi: `setoption name UCI_Variant value xiangqi`, then `position fen ... moves
 * ...` and `go` with the clocks for every move. Pikafish's dialect (proto "pikafish") is UCI for
 * xiangqi alone: no UCI_Variant option to set, and ranks 0-9 in moves (the spec's notation).
 */
const { performance } = require('perf_hooks');
const { Engine, INIT_TIMEOUT_MS } = require('./engine');
const { toEngine } = require('./notation');

class UciEngine extends Engine {
  async start() {
    this.spawnProcess();
    const opts = [];
    this.listener = (line) => { if (line.startsWith('option ')) opts.push(line); };
    this.send('uci');
    const r = await this.waitFor((l) => l.trim() === 'uciok', INIT_TIMEOUT_MS);
    this.listener = null;
    if (r.kind !== 'line') return `no uciok (${r.kind})`;
    if (this.spec.proto !== 'pikafish') {
      const variant = opts.find((l) => /^option name UCI_Variant type /.test(l));
      if (!variant || !/\bvar xiangqi\b/.test(variant))
        return 'offers no UCI_Variant option with the value xiangqi';
      this.send('setoption name UCI_Variant value xiangqi');
    }
    for (const [k, v] of Object.entries(this.spec.options)) this.send(`setoption name ${k} value ${v}`);
    this.send('isready');
    const ready = await this.waitFor((l) => l.trim() === 'readyok', INIT_TIMEOUT_MS);
    return ready.kind === 'line' ? null : `no readyok after the options (${ready.kind})`;
  }

  async newGame(setup) {
    this.setup = setup;
    this.send('ucinewgame');
    this.send('isready');
    const r = await this.waitFor((l) => l.trim() === 'readyok', INIT_TIMEOUT_MS);
    return r.kind === 'line' ? null : r.kind;
  }

  // Asks for a move; resolves with {kind:'move', text, t0, at, info} or a failure kind.
  async go(req) {
    const moves = req.gameMoves.map((m) => toEngine(m, this.spec.notation));
    this.send(`position fen ${this.setup.fen}` + (moves.length ? ` moves ${moves.join(' ')}` : ''));
    const info = {};
    this.listener = (line) => {
      if (!line.startsWith('info ')) return;
      const d = /\bdepth (\d+)/.exec(line);
      const s = /\bscore (cp|mate) (-?\d+)/.exec(line);
      if (d) info.depth = Number(d[1]);
      if (s) info.score = s[1] === 'cp' ? (Number(s[2]) / 100).toFixed(2).replace(/^(?!-)/, '+') : `${Number(s[2]) > 0 ? '+' : '-'}M${Math.abs(Number(s[2]))}`;
    };
    this.send(req.nodes ? `go nodes ${req.nodes}` : req.movetimeMs ? `go movetime ${req.movetimeMs}`
      : `go wtime ${Math.max(1, Math.round(req.wtime))} btime ${Math.max(1, Math.round(req.btime))} winc ${req.incMs} binc ${req.incMs}`);
    const t0 = performance.now();
    const r = await this.waitFor((l) => /^bestmove\b/.test(l), req.waitMs);
    this.listener = null;
    if (r.kind !== 'line') return { ...r, t0 };
    const text = (r.line.split(/\s+/)[1] || '(none)');
    return { kind: 'move', text, t0, at: r.at, info };
  }
}

module.exports = { UciEngine };
