'use strict';
/*
 * Where the runner's files are: the repository, scripts/, the runner's folder with its
 * package.json, and the entry point (whose header comment is the --help text).
 */
const path = require('path');

const RUNNER_DIR = path.resolve(__dirname, '..');
const SCRIPTS_DIR = path.resolve(RUNNER_DIR, '..');
const REPO = path.resolve(SCRIPTS_DIR, '..');
const ENTRY = path.join(SCRIPTS_DIR, 'xiangqi-match');

module.exports = { REPO, SCRIPTS_DIR, RUNNER_DIR, ENTRY };
