'use strict';
/*
 * Move notation. The referee (and UCI/Fairy-Stockfish) names ranks 1..10 ("one"); WinBoard/CECP
 * names the ranks of a 10-rank board 0..9 ("zero"). Files are a..i in both.
 */
const XIANGQI_START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

const MOVE_RE = /^([a-i])(\d{1,2})-?x?([a-i])(\d{1,2})$/;

function convertMove(text, from, to) {
  const m = MOVE_RE.exec(text);
  if (!m) return null;
  const lo = from === 'zero' ? 0 : 1;
  const r1 = Number(m[2]), r2 = Number(m[4]);
  if (r1 < lo || r1 > lo + 9 || r2 < lo || r2 > lo + 9) return null;
  const shift = (to === 'zero' ? 0 : 1) - lo;
  return `${m[1]}${r1 + shift}${m[3]}${r2 + shift}`;
}
const toEngine = (refMove, notation) => convertMove(refMove, 'one', notation);
const fromEngine = (text, notation) => convertMove(text.replace(/[+#!?]+$/, ''), notation, 'one');

// A position's identity for repetitions: placement and side to move.
const posKey = (fen) => fen.split(' ').slice(0, 2).join(' ');

module.exports = { XIANGQI_START, MOVE_RE, convertMove, toEngine, fromEngine, posKey };
