'use strict';
/*
 * A UCCI engine (the Universal Chinese Chess Protocol of ElephantEye and other xiangqi engines):
 * `ucci` / `ucciok`, options as `setoption NAME VALUE` (no name/value keywords), `setoption
 * newgame` before a game when the engine offers it, `position fen ... moves ...` with ranks 0-9,
 * and `go time T increment I opptime T2 oppincrement I2` in milliseconds (`setoption usemillisec
 * true` first; UCCI's default unit is the second). A fixed time per move is `go time T movestogo
 * 1`, fixed nodes `go nodes N`. The answer is `bestmove X` or `nobestmove`.
 */
const { performance } = require('perf_hooks');
const { Engine, INIT_TIMEOUT_MS } = require('./engine');
const { toEngine } = require('./notation');

class UcciEngine extends Engine {
  async start() {
    this.spawnProcess();
    const opts = [];
    this.listener = (line) => { if (line.startsWith('option ')) opts.push(line.split(/\s+/)[1]); };
    this.send('ucci');
    const r = await this.waitFor((l) => l.trim() === 'ucciok', INIT_TIMEOUT_MS);
    this.listener = null;
    if (r.kind !== 'line') return `no ucciok (${r.kind})`;
    this.offersNewgame = opts.includes('newgame');
    if (!opts.includes('usemillisec')) return 'offers no usemillisec option (the runner sends times in milliseconds)';
    this.send('setoption usemillisec true');
    for (const [k, v] of Object.entries(this.spec.options)) this.send(`setoption ${k} ${v}`);
    this.send('isready');
    const ready = await this.waitFor((l) => l.trim() === 'readyok', INIT_TIMEOUT_MS);
    return ready.kind === 'line' ? null : `no readyok after the options (${ready.kind})`;
  }

  async newGame(setup) {
    this.setup = setup;
    if (this.offersNewgame) this.send('setoption newgame');
    this.send('isready');
    const r = await this.waitFor((l) => l.trim() === 'readyok', INIT_TIMEOUT_MS);
    return r.kind === 'line' ? null : r.kind;
  }

  // Asks for a move; resolves with {kind:'move', text, t0, at, info} or a failure kind
  // (`nobestmove` reads as the move "(none)", which the referee rejects).
  async go(req) {
    const moves = req.gameMoves.map((m) => toEngine(m, this.spec.notation));
    this.send(`position fen ${this.setup.fen}` + (moves.length ? ` moves ${moves.join(' ')}` : ''));
    const info = {};
    this.listener = (line) => {
      if (!line.startsWith('info ')) return;
      const d = /\bdepth (\d+)/.exec(line);
      const s = /\bscore (-?\d+)/.exec(line);
      if (d) info.depth = Number(d[1]);
      if (s) info.score = (Number(s[1]) / 100).toFixed(2).replace(/^(?!-)/, '+');
    };
    const ms = (t) => Math.max(1, Math.round(t));
    const [own, opp] = req.white ? [req.wtime, req.btime] : [req.btime, req.wtime];
    this.send(req.nodes ? `go nodes ${req.nodes}` : req.movetimeMs ? `go time ${req.movetimeMs} movestogo 1`
      : `go time ${ms(own)} increment ${req.incMs} opptime ${ms(opp)} oppincrement ${req.incMs}`);
    const t0 = performance.now();
    const r = await this.waitFor((l) => /^(bestmove|nobestmove)\b/.test(l), req.waitMs);
    this.listener = null;
    if (r.kind !== 'line') return { ...r, t0 };
    const text = r.line.startsWith('nobestmove') ? '(none)' : (r.line.split(/\s+/)[1] || '(none)');
    return { kind: 'move', text, t0, at: r.at, info };
  }
}

module.exports = { UcciEngine };
