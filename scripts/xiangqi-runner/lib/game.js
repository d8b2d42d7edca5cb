'use strict';
/*
 * One game. The referee board is the only authority; results are from White's point of view.
 * The event's rules (`rules`, from --rules and --move-limit) adjust ffish's verdicts:
 *   repetition 'asian' (default): ffish's verdicts as they are (Fairy-Stockfish's AXF rules);
 *   repetition 'computer' (Pikafish's computer-tournament rules): a repetition ffish rules lost by
 *     perpetual chase is a draw when any move of the cycle gave check;
 *   moveLimit null (default): ffish's 50-move rule; N > 0: a draw once N moves (2N plies) passed
 *     without a capture and the side to move has a legal move; 0: no limit.
 */
const os = require('os');
const { posKey } = require('./notation');
const { legalSet } = require('./referee');

class Game {
  constructor(ff, opening, names, rules = { repetition: 'asian', moveLimit: null }) {
    this.ff = ff;
    this.rules = rules;
    this.opening = opening;
    this.names = names;           // [white, black]
    this.board = new ff.Board('xiangqi', opening.fen);
    this.startFen = this.board.fen();
    this.moves = [];              // referee notation
    this.sans = [];
    this.comments = [];
    this.keys = [posKey(this.startFen)];
    this.checks = [];             // did ply i give check?
    this.result = null;
    this.reason = null;
    this.termination = 'normal';
    this.blame = null;            // {side: 0|1, kind}
  }

  stm() { return this.board.turn() ? 0 : 1; }
  sideName(s) { return s === 0 ? 'White' : 'Black'; }

  end(result, reason, termination = 'normal', blame = null) {
    this.result = result;
    this.reason = reason;
    this.termination = termination;
    this.blame = blame;
  }

  lose(side, reason, termination, kind) {
    this.end(side === 0 ? '0-1' : '1-0', `${this.sideName(side)} ${reason}`, termination, kind ? { side, kind } : null);
  }

  // The referee's verdict on the current position, or false if the game goes on.
  judge(maxPlies) {
    const b = this.board;
    const stm = this.stm();
    if (legalSet(b).size === 0) {
      if (b.isCheck()) this.end(stm === 0 ? '0-1' : '1-0', `${this.sideName(1 - stm)} mates`);
      else this.end(stm === 0 ? '0-1' : '1-0', `${this.sideName(stm)} is stalemated (a loss in xiangqi)`);
      return true;
    }
    const plain = b.result(false);
    if (plain !== '*') { this.end(plain, plain === '1/2-1/2' ? 'Draw by insufficient material' : 'Game ends by rule'); return true; }
    const claim = b.result(true);
    const threefold = this.keys.filter((k) => k === this.keys[this.keys.length - 1]).length >= 3;
    if (claim !== '*' && threefold) {
      if (claim === '1/2-1/2') this.end(claim, 'Draw by 3-fold repetition');
      else {
        const loser = claim === '1-0' ? 1 : 0;
        // Describe the verdict: did every move of the loser since the first occurrence give check?
        const first = this.keys.indexOf(this.keys[this.keys.length - 1]);
        let allChecks = true, anyCheck = false;
        for (let ply = first; ply < this.moves.length; ply++) {
          const mover = (this.startSide() + ply) % 2;
          if (mover === loser && !this.checks[ply]) allChecks = false;
          if (this.checks[ply]) anyCheck = true;
        }
        if (!allChecks && anyCheck && this.rules.repetition === 'computer')
          this.end('1/2-1/2', 'Draw by 3-fold repetition (computer rules: a cycle with a check is no perpetual chase)');
        else this.end(claim, `${this.sideName(loser)} loses by ${allChecks ? 'perpetual check' : 'perpetual chase'} (repetition)`);
      }
      return true;
    }
    if (this.rules.moveLimit !== null) {
      // The event's own limit replaces ffish's 50-move rule (ffish's claim is then not a repetition).
      const plies = 2 * this.rules.moveLimit;
      if (plies > 0 && b.halfmoveClock() >= plies) {
        this.end('1/2-1/2', `Draw by the ${this.rules.moveLimit}-move no-capture limit`);
        return true;
      }
    } else if (claim !== '*') {
      this.end(claim, claim === '1/2-1/2' ? `Draw by ${b.halfmoveClock() >= 100 ? '50-move (100-ply) rule' : 'rule'}`
                                           : 'Game ends by rule');
      return true;
    }
    if (maxPlies && this.moves.length >= maxPlies) {
      this.end('1/2-1/2', `Draw by adjudication: ${maxPlies} plies played`, 'adjudication');
      return true;
    }
    return false;
  }

  startSide() { return this.startFen.split(' ')[1] === 'w' ? 0 : 1; }

  play(move, comment) {
    this.sans.push(this.board.sanMove(move));
    this.board.push(move);
    this.moves.push(move);
    this.comments.push(comment);
    this.keys.push(posKey(this.board.fen()));
    this.checks.push(this.board.isCheck());
  }

  pgn(tags) {
    const head = {
      Event: tags.event, Site: os.hostname(), Date: tags.date, Round: String(tags.round),
      White: this.names[0], Black: this.names[1], Result: this.result || '*',
      Variant: 'xiangqi', SetUp: '1', FEN: this.startFen, TimeControl: tags.tc,
      Termination: this.termination, PlyCount: String(this.moves.length),
    };
    let out = Object.entries(head).map(([k, v]) => `[${k} "${String(v).replace(/"/g, "'")}"]`).join('\n') + '\n\n';
    const tokens = [];
    if (this.opening.moves && this.opening.moves.length) tokens.push(`{opening from the start: ${this.opening.moves.join(' ')}}`);
    let number = Number(this.startFen.split(' ')[5]) || 1;
    let side = this.startSide();
    for (let i = 0; i < this.moves.length; i++) {
      if (side === 0) tokens.push(`${number}.`);
      else if (i === 0) tokens.push(`${number}...`);
      tokens.push(this.sans[i]);
      if (this.comments[i]) tokens.push(`{${this.comments[i]}}`);
      if (side === 1) number++;
      side = 1 - side;
    }
    tokens.push(`{${this.reason}}`);
    tokens.push(this.result || '*');
    let line = '';
    for (const t of tokens) {
      if (line.length + t.length + 1 > 100) { out += line.trimEnd() + '\n'; line = ''; }
      line += t + ' ';
    }
    return out + line.trimEnd() + '\n\n';
  }
}

module.exports = { Game };
