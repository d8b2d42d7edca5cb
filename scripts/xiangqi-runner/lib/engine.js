'use strict';
/*
 * Engines: one child process, a line reader, and one waiter at a time. Failures are returned as
 * values ({kind: 'exit' | 'timeout'}) so that a misbehaving engine can never hang the runner. The
 * protocols are subclasses: UciEngine (uci.js, also Pikafish's dialect), UcciEngine (ucci.js) and
 * XboardEngine (xboard.js); protocols.js picks one by name.
 */
const { spawn } = require('child_process');
const readline = require('readline');
const { performance } = require('perf_hooks');

const INIT_TIMEOUT_MS = 15000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

class Engine {
  constructor(spec, logger, slot) {
    this.spec = spec;           // {name, argv, proto, notation, options, hashMb}
    this.name = spec.name;
    this.logger = logger;
    this.tag = `${slot}:${spec.name}`;
    this.proc = null;
    this.alive = false;
    this.waiter = null;
    this.listener = null;
    this.claims = [];
  }

  spawnProcess() {
    const argv = this.spec.argv;
    const child = spawn(argv[0], argv.slice(1), {
      stdio: ['pipe', 'pipe', this.logger.fd !== null ? 'pipe' : 'ignore'],
      cwd: this.spec.cwd || process.cwd(),
    });
    this.proc = child;
    this.alive = true;
    child.stdin.on('error', () => {});
    // Events of a process that was already replaced (killed, then restarted) are ignored.
    child.on('error', (err) => { this.logger.write(this.tag, '!!', `spawn error: ${err.message}`); if (this.proc === child) this.onExit(); });
    child.on('exit', (code, sig) => { this.logger.write(this.tag, '!!', `exited (code ${code}, signal ${sig})`); if (this.proc === child) this.onExit(); });
    readline.createInterface({ input: child.stdout }).on('line', (line) => { if (this.proc === child) this.onLine(line, performance.now()); });
    if (child.stderr)
      readline.createInterface({ input: child.stderr }).on('line', (line) => this.logger.write(this.tag, '2>', line));
  }

  onExit() {
    if (!this.alive) return;
    this.alive = false;
    const w = this.waiter;
    this.waiter = null;
    if (w) { clearTimeout(w.timer); w.resolve({ kind: 'exit' }); }
  }

  onLine(line, at) {
    this.lastLineAt = at;
    this.logger.write(this.tag, '<', line);
    this.watchClaims(line);
    if (this.listener) this.listener(line, at);
    const w = this.waiter;
    if (w && w.pred(line)) {
      this.waiter = null;
      clearTimeout(w.timer);
      w.resolve({ kind: 'line', line, at });
    }
  }

  watchClaims() {}

  send(line) {
    this.logger.write(this.tag, '>', line);
    if (this.alive) this.proc.stdin.write(line + '\n');
  }

  waitFor(pred, timeoutMs) {
    if (!this.alive) return Promise.resolve({ kind: 'exit' });
    return new Promise((resolve) => {
      const timer = setTimeout(() => { this.waiter = null; resolve({ kind: 'timeout' }); }, Math.max(1, timeoutMs));
      this.waiter = { pred, resolve, timer };
    });
  }

  async quit() {
    if (!this.proc) return;
    const child = this.proc;
    if (this.alive) {
      this.send('quit');
      const exited = await Promise.race([new Promise((r) => child.once('exit', () => r(true))), sleep(1000).then(() => false)]);
      if (!exited && this.alive) child.kill('SIGKILL');
    }
    this.alive = false;
    this.proc = null;
  }

  // Also ends a pending wait at once (as an exit), so nobody waits for a process that is gone.
  kill() {
    const child = this.proc;
    this.proc = null;
    if (child && this.alive) child.kill('SIGKILL');
    this.onExit();
  }
}

module.exports = { INIT_TIMEOUT_MS, sleep, Engine };
