'use strict';
/*
 * Match statistics: misbehaviour counts per engine, and the pentanomial Elo estimate.
 */
class Stats {
  constructor(names) {
    this.names = names;                   // [A, B]
    this.bad = {};                        // name -> {time, illegal, disconnect, stall, ...}
    for (const n of names) this.bad[n] = { 'time losses': 0, 'illegal moves': 0, disconnects: 0, stalls: 0,
                                           'start-up failures': 0, resigns: 0, 'disputed result claims': 0,
                                           complaints: 0 };
    this.games = [];                      // {index, scoreA}
  }
}

function eloFromScore(s) { return -400 * Math.log10(1 / s - 1); }

function eloSummary(games) {
  // Pentanomial model: each opening is a pair of games with colours swapped; the pair score
  // (0, 0.5, 1, 1.5, 2 for A) is the sample. Games whose twin is missing are left out.
  const byPair = new Map();
  for (const g of games) {
    const k = Math.floor(g.index / 2);
    if (!byPair.has(k)) byPair.set(k, []);
    byPair.get(k).push(g.scoreA);
  }
  const pairs = [...byPair.values()].filter((p) => p.length === 2).map((p) => (p[0] + p[1]) / 2);
  const n = pairs.length;
  const all = games.map((g) => g.scoreA);
  const score = all.length ? all.reduce((a, b) => a + b, 0) / all.length : NaN;
  const res = { pairs: n, score, elo: null, err: null, penta: [0, 0, 0, 0, 0] };
  for (const p of pairs) res.penta[Math.round(p * 4)]++;
  if (score > 0 && score < 1) res.elo = eloFromScore(score);
  if (n >= 2) {
    const mu = pairs.reduce((a, b) => a + b, 0) / n;
    const variance = pairs.reduce((a, b) => a + (b - mu) ** 2, 0) / n;
    const se = Math.sqrt(variance / n);
    const lo = mu - 1.959964 * se, hi = mu + 1.959964 * se;
    if (mu > 0 && mu < 1 && lo > 0 && hi < 1 && se > 0) {
      res.elo = eloFromScore(mu);
      res.err = (eloFromScore(hi) - eloFromScore(lo)) / 2;
    }
  }
  return res;
}

module.exports = { Stats, eloFromScore, eloSummary };
