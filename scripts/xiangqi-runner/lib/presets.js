'use strict';
/*
 * Presets (sen, fairy-stockfish, elephanteye, pikafish-hce, maxqi, hoixiangqi, sjaakii) and engine
 * specs from the command line: {name, argv, proto, notation, options, hashMb}.
 */
const fs = require('fs');
const path = require('path');
const { fail } = require('./errors');
const { REPO } = require('./paths');
const { PROTOCOLS } = require('./protocols');

// An engine built outside the repository: the environment variable's path, else the first of
// `names` on PATH; null when neither is there.
function findEngine(envVar, names) {
  if (process.env[envVar]) return process.env[envVar];
  for (const dir of (process.env.PATH || '').split(path.delimiter))
    for (const n of names) {
      const c = path.join(dir || '.', n);
      try { fs.accessSync(c, fs.constants.X_OK); if (fs.statSync(c).isFile()) return c; } catch (_) { /* not here */ }
    }
  return null;
}

// The anchors built from source (docs/xiangqi-match.md, "Anchors").
function anchor(envVar, names, name, proto) {
  const exe = findEngine(envVar, names);
  if (!exe) fail(`no ${name} binary: set ${envVar} or put ${names.join(' or ')} on PATH (docs/xiangqi-match.md, "Anchors")`);
  return { name, argv: [exe], proto, notation: PROTOCOLS[proto].notation, options: {} };
}

function defaultSen() {
  for (const c of [process.env.SEN, path.join(REPO, 'build-match', 'sen'), path.join(REPO, 'build', 'sen')])
    if (c && fs.existsSync(c)) return path.resolve(c);
  return null;
}

function presets(hashMb) {
  const fsf = process.env.FAIRY_STOCKFISH || '/usr/games/fairy-stockfish';
  return {
    sen: () => {
      const sen = defaultSen();
      if (!sen) fail('no Sen binary: build build/sen, set SEN, or pass --engine-a COMMAND');
      return { name: 'Sen', argv: [sen], proto: 'uci', notation: 'one', options: { Threads: '1', Hash: String(hashMb) } };
    },
    'fairy-stockfish': () => ({ name: 'Fairy-Stockfish', argv: [fsf], proto: 'uci', notation: 'one',
                                options: { Threads: '1', Hash: String(hashMb) } }),
    // ElephantEye keeps its own hash size (hashsize, 16 MB) unless --option-X hashsize=N.
    elephanteye: () => anchor('ELEPHANTEYE', ['eleeye', 'elephanteye'], 'ElephantEye', 'ucci'),
    'pikafish-hce': () => ({ ...anchor('PIKAFISH_HCE', ['pikafish-hce'], 'Pikafish-HCE', 'pikafish'),
                             options: { Threads: '1', Hash: String(hashMb) } }),
    maxqi: () => ({ name: 'MaxQi', argv: ['/usr/games/maxqi'], proto: 'xboard', notation: 'zero', options: {} }),
    hoixiangqi: () => ({ name: 'HoiXiangqi', argv: ['/usr/games/hoixiangqi'], proto: 'xboard', notation: 'zero', options: {} }),
    sjaakii: () => ({ name: 'SjaakII', argv: ['/usr/games/sjaakii'], proto: 'xboard', notation: 'zero', options: {} }),
  };
}

function splitCommand(cmd) {
  const out = [];
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
  let m;
  while ((m = re.exec(cmd)) !== null) out.push(m[1] !== undefined ? m[1] : m[2] !== undefined ? m[2] : m[3]);
  return out;
}

function engineSpec(which, value, proto, name, optionList, notation, hashMb) {
  const table = presets(hashMb);
  let spec;
  if (table[value]) {
    spec = table[value]();
    const pkg = { 'fairy-stockfish': 'fairy-stockfish', maxqi: 'fairymax', hoixiangqi: 'hoichess', sjaakii: 'sjaakii' }[value];
    if (pkg && !fs.existsSync(spec.argv[0])) fail(`${spec.argv[0]} is missing: apt-get install -y ${pkg}`);
  }
  else {
    const argv = splitCommand(value);
    if (!argv.length) fail(`empty command for engine ${which}`);
    const p = proto || 'uci';
    if (!PROTOCOLS[p]) fail(`--proto-${which} must be one of ${Object.keys(PROTOCOLS).join(', ')}`);
    spec = { name: path.basename(argv[0]), argv, proto: p, notation: PROTOCOLS[p].notation, options: PROTOCOLS[p].options(hashMb) };
  }
  spec.hashMb = hashMb;
  if (name) spec.name = name;
  if (notation) {
    if (notation !== 'zero' && notation !== 'one') fail(`--notation-${which} must be zero or one`);
    spec.notation = notation;
  }
  for (const item of optionList) {
    const i = item.indexOf('=');
    if (i < 1) fail(`expected NAME=VALUE, got ${item}`);
    spec.options[item.slice(0, i)] = item.slice(i + 1);
  }
  return spec;
}

module.exports = { defaultSen, findEngine, presets, splitCommand, engineSpec };
