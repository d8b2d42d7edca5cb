'use strict';
/*
 * A set-up error ends the runner with exit status 2 and one line on stderr.
 */
class FatalError extends Error {}

function fail(msg) {
  process.stderr.write(`xiangqi-match: ${msg}\n`);
  process.exit(2);
}

module.exports = { FatalError, fail };
