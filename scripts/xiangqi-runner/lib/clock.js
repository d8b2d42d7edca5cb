'use strict';
/*
 * Time controls: the --tc text, and the forms CECP's `level` command takes.
 */
const { fail } = require('./errors');

function parseTc(tc) {
  const m = /^(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?$/.exec(tc || '');
  if (!m) fail(`bad --tc ${tc}: expected BASE+INC in seconds, e.g. 10+0.1`);
  return { baseMs: Math.round(Number(m[1]) * 1000), incMs: Math.round(Number(m[2] || 0) * 1000) };
}

const mmss = (ms) => { const s = Math.max(1, Math.floor(ms / 1000)); return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`; };
const fmtSec = (x) => (Number.isInteger(x) ? String(x) : String(Number(x.toFixed(3))));

module.exports = { parseTc, mmss, fmtSec };
