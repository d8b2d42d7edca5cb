// The command-line subcommands, `sen <name> [arguments]`, each run without the protocol loop;
// main.cpp's table names them and says in a line what each does (`sen --help` prints it). Each
// takes the arguments after its name and returns the process's exit code: 0 done, 1 a failure
// (unreadable input, an unwritable file, a failed check), 2 bad arguments, with the usage.
#pragma once

#include <string>
#include <vector>

namespace sen {

// `sen perft <depth> [FEN] [--divide] [--variant V] ...` or `sen perft --suite FILE ...`, for any
// game (tools/cli.cpp).
int run_perft_command(const std::vector<std::string>& args);
// `sen magics`: prints chess/magic_numbers.h, the slider multipliers, found again from scratch.
int run_magics_command(const std::vector<std::string>& args);
// `sen bench [depth] [--variant V]`: the bench (core/bench.h) of a game, as OpenBench runs it: one
// line per position, then `<nodes> nodes <nps> nps` (tools/bench_command.h).
int run_bench_command(const std::vector<std::string>& args);
// `sen datagen [--variant V] --games N --nodes K --out FILE ...`: self-play training data
// (tools/datagen.h). Binary output appends to FILE and resumes: N is the total wanted there.
int run_datagen_command(const std::vector<std::string>& args);
// `sen datagen-convert [--variant V] IN.txt [IN2.txt ...] OUT.bin`, or with `--to-text` any data
// files into text lines; OUT must be new (tools/datagen_convert.h).
int run_datagen_convert_command(const std::vector<std::string>& args);
// `sen tune [--variant V] --data FILE ...`: fits the hand-written evaluation (tools/tune.h).
int run_tune_command(const std::vector<std::string>& args);
// `sen nnue-train [--variant V] --data FILE[,FILE...] --out NET ...`: trains a network
// (tools/nnue_train.h has the arguments).
int run_nnue_train_command(const std::vector<std::string>& args);
// `sen tbprobe --path DIRS [FEN ...]`: the Syzygy result (WDL) and distance to zeroing (DTZ) of
// each position, from the arguments or, without any, one FEN per line of standard input; a
// debugging aid, and what scripts/syzygy-compare checks against another prober.
int run_tbprobe_command(const std::vector<std::string>& args);

}  // namespace sen
