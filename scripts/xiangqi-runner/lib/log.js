'use strict';
/*
 * The engine-communication log (--log): every line in and out, with milliseconds since the start.
 */
const fs = require('fs');
const { performance } = require('perf_hooks');

class Logger {
  constructor(file) {
    this.fd = file ? fs.openSync(file, 'w') : null;
    this.t0 = performance.now();
  }
  write(who, dir, line) {
    if (this.fd === null) return;
    fs.writeSync(this.fd, `[${(performance.now() - this.t0).toFixed(0).padStart(8)}] ${who} ${dir} ${line}\n`);
  }
  close() { if (this.fd !== null) fs.closeSync(this.fd); this.fd = null; }
}

module.exports = { Logger };
