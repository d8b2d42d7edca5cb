'use strict';
/*
 * The protocols the runner speaks, by the name --proto-a/--proto-b take: each one's engine class,
 * the rank numbering its moves use, and the options it gets unless told otherwise.
 *   uci       UCI with UCI_Variant xiangqi (Sen, Fairy-Stockfish): ranks 1-10
 *   pikafish  Pikafish's UCI dialect, xiangqi only (no UCI_Variant): ranks 0-9
 *   ucci      UCCI (ElephantEye and other xiangqi engines): ranks 0-9
 *   xboard    CECP/WinBoard with `variant xiangqi`: ranks 0-9
 */
const { UciEngine } = require('./uci');
const { UcciEngine } = require('./ucci');
const { XboardEngine } = require('./xboard');

const PROTOCOLS = {
  uci: { Engine: UciEngine, notation: 'one', options: (hashMb) => ({ Threads: '1', Hash: String(hashMb) }), nodes: true },
  pikafish: { Engine: UciEngine, notation: 'zero', options: (hashMb) => ({ Threads: '1', Hash: String(hashMb) }), nodes: true },
  ucci: { Engine: UcciEngine, notation: 'zero', options: (hashMb) => ({ hashsize: String(hashMb) }), nodes: true },
  xboard: { Engine: XboardEngine, notation: 'zero', options: () => ({}), nodes: false },
};

const newEngine = (spec, logger, slot) => new PROTOCOLS[spec.proto].Engine(spec, logger, slot);

module.exports = { PROTOCOLS, newEngine };
