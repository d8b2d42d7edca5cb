// Tests of `sen nnue-train --checkpoint` (nnue_checkpoint.h, nnue_trainer.h): a run resumed from
// its checkpoint ends with the floats and the network file of the uninterrupted run, at one thread
// and at two; a damaged or truncated checkpoint, one of other options or data, and one of the other
// game's network are refused without anything being written.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "chess/test_util.h"
#include "game_test_util.h"
#include "tools/nnue_checkpoint.h"
#include "tools/nnue_train.h"
#include "tools/subcommands.h"
#include "xiangqi/test_util.h"

namespace sen::nn {
namespace {

// A data file of random chess games' positions, 30 plies a game, the side to move's result cycling.
std::string write_chess_data(unsigned seed, int games) {
    const std::string path = game_test::unique_temp_path("sen_test_ckpt_chess", ".txt");
    std::ofstream out(path);
    std::mt19937 rng(seed);
    const char* results[] = {"1.0", "0.5", "0.0"};
    int line = 0;
    for (int g = 0; g < games; ++g) {
        chess::Position pos = chess::test::position_from(chess::Position::START_FEN);
        for (int ply = 0; ply < 30; ++ply) {
            ++line;
            out << pos.fen() << " | " << results[(line - 1) % 3] << " | " << (line * 37 % 400 - 200) << "\n";
            const chess::Move m = chess::test::random_legal_move(pos, rng);
            if (m == chess::Move::none()) break;
            pos.make_move(m);
        }
    }
    return path;
}

std::string write_xiangqi_data(unsigned seed, int games) {
    const std::string path = game_test::unique_temp_path("sen_test_ckpt_xiangqi", ".txt");
    std::ofstream out(path);
    std::mt19937 rng(seed);
    for (int g = 0; g < games; ++g) {
        xiangqi::Position pos = xiangqi::test::position_from(xiangqi::Position::START_FEN);
        for (int ply = 0; ply < 30; ++ply) {
            out << pos.fen() << " | 0.5 | " << (ply * 13 % 100 - 50) << "\n";
            const xiangqi::Move m = xiangqi::test::random_legal_move(pos, rng);
            if (m == xiangqi::Move::none()) break;
            pos.make_move(m);
        }
    }
    return path;
}

std::string read_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_bytes(const std::string& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << bytes;
}

Checkpoint read_checkpoint(const std::string& path) {
    Checkpoint checkpoint;
    const std::optional<std::string> problem = read_checkpoint_file(path, checkpoint);
    INFO(path << ": " << problem.value_or(""));
    REQUIRE_FALSE(problem.has_value());
    return checkpoint;
}

std::vector<std::string> joined(std::vector<std::string> args, const std::vector<std::string>& more) {
    args.insert(args.end(), more.begin(), more.end());
    return args;
}

// Temporary files, removed however the test ends.
struct TempFiles {
    std::vector<std::string> paths;
    std::string add(const std::string& stem, const std::string& extension) {
        paths.push_back(game_test::unique_temp_path(stem, extension));
        return paths.back();
    }
    ~TempFiles() {
        std::error_code ignored;
        for (const std::string& path : paths) {
            std::filesystem::remove(path, ignored);
            std::filesystem::remove(path + ".tmp", ignored);
        }
    }
};

}  // namespace

TEST_CASE("nnue-train resumed from its checkpoint ends bit for bit where the uninterrupted run does", "[nnue][checkpoint]") {
    TempFiles files;
    files.paths.push_back(write_chess_data(41, 12));
    const std::string data = files.paths.back();
    for (const std::string threads : {"1", "2"}) {
        INFO("threads " << threads);
        const std::vector<std::string> common = {"--data", data,     "--batch", "16",           "--lr", "0.01",      "--lambda",
                                                 "0.5",    "--seed", "7",       "--validation", "0.2",  "--threads", threads};
        const std::string straight = files.add("sen_test_ckpt_straight", ".nnue");
        REQUIRE(run_nnue_train_command(joined(common, {"--out", straight, "--epochs", "4"})) == 0);
        const std::string straight_bytes = read_bytes(straight);

        // The same run keeping a checkpoint: checkpoints change nothing in the training.
        const std::string kept = files.add("sen_test_ckpt_kept", ".nnue"), kept_checkpoint = files.add("sen_test_ckpt_kept", ".ckpt");
        REQUIRE(run_nnue_train_command(joined(common, {"--out", kept, "--epochs", "4", "--checkpoint", kept_checkpoint})) == 0);
        CHECK(read_bytes(kept) == straight_bytes);
        const Checkpoint whole = read_checkpoint(kept_checkpoint);
        CHECK(whole.completed_epochs == 4);
        CHECK_FALSE(std::filesystem::exists(kept_checkpoint + ".tmp"));

        // Two epochs (at the rate of the four-epoch run's first two), then on to four.
        const std::string resumed = files.add("sen_test_ckpt_resumed", ".nnue");
        const std::string checkpoint = files.add("sen_test_ckpt_resumed", ".ckpt");
        REQUIRE(run_nnue_train_command(
                    joined(common, {"--out", resumed, "--epochs", "2", "--decay-epoch", "4", "--checkpoint", checkpoint})) == 0);
        CHECK(read_checkpoint(checkpoint).completed_epochs == 2);
        CHECK(read_bytes(resumed) != straight_bytes);
        REQUIRE(run_nnue_train_command(joined(common, {"--out", resumed, "--epochs", "4", "--checkpoint", checkpoint})) == 0);
        const Checkpoint continued = read_checkpoint(checkpoint);
        CHECK(continued.completed_epochs == 4);
        CHECK(continued.optimiser_steps == whole.optimiser_steps);
        REQUIRE(continued.tensors.size() == whole.tensors.size());
        for (std::size_t i = 0; i < whole.tensors.size(); ++i) {
            INFO("tensor " << i);
            CHECK(continued.tensors[i] == whole.tensors[i]);  // exactly: the network and both moments
        }
        CHECK(read_bytes(resumed) == straight_bytes);

        // Everything done already: the network is written again, the checkpoint left as it is.
        const std::string checkpoint_bytes = read_bytes(checkpoint);
        std::filesystem::remove(resumed);
        REQUIRE(run_nnue_train_command(joined(common, {"--out", resumed, "--epochs", "4", "--checkpoint", checkpoint})) == 0);
        CHECK(read_bytes(resumed) == straight_bytes);
        CHECK(read_bytes(checkpoint) == checkpoint_bytes);
    }
}

TEST_CASE("A training state stopped after an epoch and restored from its checkpoint trains on exactly", "[nnue][checkpoint]") {
    using Features = chess::nnue::ChessFeatures;
    TempFiles files;
    files.paths.push_back(write_chess_data(43, 8));
    chess::nnue::TrainingData data;
    REQUIRE_FALSE(nn::load_game_data<chess::ChessGame>({files.paths.back()}, 0.5, 0.2, 3, data).has_value());
    TrainOptions options;
    options.epochs = 3;
    options.batch_size = 16;
    options.learning_rate = 0.01;
    options.threads = 2;
    options.seed = 3;

    chess::nnue::FloatNetwork straight = nn::initial_network<chess::nnue::ChessFeatures>(options.seed);
    train_network(straight, data.train, data.validation, options);

    // Stopped after the first epoch, as a killed run would be after writing its checkpoint.
    TrainingState<Features> first;
    first.net = nn::initial_network<chess::nnue::ChessFeatures>(options.seed);
    std::string saved;
    const bool finished = train_network(first, data.train, data.validation, options, {}, [&](const TrainingState<Features>& state) {
        Checkpoint checkpoint;
        checkpoint.completed_epochs = state.completed_epochs;
        checkpoint.optimiser_steps = state.optimiser.steps;
        checkpoint.tensors = checkpoint_tensors(state);
        saved = serialise_checkpoint(checkpoint);
        return false;
    });
    CHECK_FALSE(finished);
    Checkpoint checkpoint;
    REQUIRE_FALSE(parse_checkpoint(saved, checkpoint).has_value());
    CHECK(checkpoint.completed_epochs == 1);
    TrainingState<Features> second;
    REQUIRE_FALSE(restore_checkpoint(checkpoint, second).has_value());
    CHECK(train_network(second, data.train, data.validation, options, {}));
    CHECK(second.completed_epochs == 3);
    CHECK(second.net.w1 == straight.w1);
    CHECK(second.net.b1 == straight.b1);
    CHECK(second.net.w2 == straight.w2);
    CHECK(second.net.b2 == straight.b2);
}

TEST_CASE("nnue-train refuses a damaged checkpoint, or one of other options, data or game, and writes nothing", "[nnue][checkpoint]") {
    TempFiles files;
    files.paths.push_back(write_chess_data(47, 8));
    const std::string data = files.paths.back();
    const std::string out = files.add("sen_test_ckpt_refused", ".nnue"), checkpoint = files.add("sen_test_ckpt_refused", ".ckpt");
    const std::vector<std::string> common = {"--data", data, "--out", out, "--batch", "16", "--lr", "0.01", "--seed", "5"};
    const std::vector<std::string> same = {"--epochs", "2", "--decay-epoch", "3"};
    REQUIRE(run_nnue_train_command(joined(common, joined(same, {"--checkpoint", checkpoint}))) == 0);
    std::filesystem::remove(out);
    const std::string good = read_bytes(checkpoint);

    // Each refused with exit code 1, the checkpoint as it was and no network written.
    const auto refused = [&](const std::string& path, const std::vector<std::string>& more) {
        const std::string before = read_bytes(path);
        const int code = run_nnue_train_command(joined(common, joined(more, {"--checkpoint", path})));
        const bool untouched = read_bytes(path) == before && !std::filesystem::exists(out);
        std::filesystem::remove(out);
        return code == 1 && untouched;
    };

    SECTION("damaged or truncated") {
        const std::string bad = files.add("sen_test_ckpt_bad", ".ckpt");
        std::string flipped = good;
        flipped[flipped.size() / 2] = char(flipped[flipped.size() / 2] ^ 0x10);
        for (const std::string& bytes : {flipped, good.substr(0, good.size() / 2), good.substr(0, good.size() - 1), good + "x",
                                         std::string(), good.substr(0, 8), read_bytes(data)}) {
            INFO("checkpoint of " << bytes.size() << " bytes");
            write_bytes(bad, bytes);
            CHECK(refused(bad, same));
        }
        Checkpoint parsed;
        CHECK(parse_checkpoint(flipped, parsed).value_or("").find("damaged") != std::string::npos);
        CHECK(parse_checkpoint(good.substr(0, good.size() - 1), parsed).value_or("").find("truncated") != std::string::npos);
        CHECK(parse_checkpoint("SENNNUE1 and more", parsed).value_or("").find("SENCKPT1") != std::string::npos);
        CHECK_FALSE(parse_checkpoint(good, parsed).has_value());
    }

    SECTION("other options or data") {
        // The options it was made with are accepted (all its epochs are done: it writes the
        // network), so each refusal below is for the one option changed.
        CHECK_FALSE(refused(checkpoint, same));
        CHECK(read_bytes(checkpoint) == good);
        CHECK(refused(checkpoint, joined(same, {"--lr", "0.02"})));
        CHECK(refused(checkpoint, joined(same, {"--seed", "6"})));
        CHECK(refused(checkpoint, joined(same, {"--batch", "32"})));
        CHECK(refused(checkpoint, joined(same, {"--threads", "2"})));
        CHECK(refused(checkpoint, joined(same, {"--lambda", "0.6"})));
        CHECK(refused(checkpoint, joined(same, {"--mirror"})));
        CHECK(refused(checkpoint, joined(same, {"--validation", "0.1"})));
        CHECK(refused(checkpoint, joined(same, {"--init", "<built-in>"})));
        CHECK(refused(checkpoint, {"--epochs", "2", "--decay-epoch", "2"}));
        // More epochs move the default decay epoch, and with it the rate of epochs already done.
        CHECK(refused(checkpoint, {"--epochs", "6"}));
        CHECK(refused(checkpoint, {"--epochs", "1", "--decay-epoch", "3"}));  // fewer than the checkpoint has done
        {
            const std::string other = files.add("sen_test_ckpt_other_data", ".txt");
            const std::string lines = read_bytes(data);
            write_bytes(other, lines.substr(lines.find('\n') + 1));  // all but the first line
            const std::string before = read_bytes(checkpoint);
            CHECK(run_nnue_train_command({"--data", other, "--out", out, "--batch", "16", "--lr", "0.01", "--seed", "5", "--epochs", "2",
                                          "--decay-epoch", "3", "--checkpoint", checkpoint}) == 1);
            CHECK(read_bytes(checkpoint) == before);
            CHECK_FALSE(std::filesystem::exists(out));
            // As many positions, one of them labelled otherwise.
            const std::size_t result = lines.find(" | 1.0 | ");
            REQUIRE(result != std::string::npos);
            write_bytes(other, lines.substr(0, result) + " | 0.0 | " + lines.substr(result + 9));
            CHECK(run_nnue_train_command({"--data", other, "--out", out, "--batch", "16", "--lr", "0.01", "--seed", "5", "--epochs", "2",
                                          "--decay-epoch", "3", "--checkpoint", checkpoint}) == 1);
            CHECK(read_bytes(checkpoint) == before);
            CHECK_FALSE(std::filesystem::exists(out));
        }
        // A longer run with the decay epoch of the checkpoint is allowed.
        CHECK(run_nnue_train_command(joined(common, {"--epochs", "5", "--decay-epoch", "3", "--checkpoint", checkpoint})) == 0);
        CHECK(read_checkpoint(checkpoint).completed_epochs == 5);
    }

    SECTION("the other game's network") {
        files.paths.push_back(write_xiangqi_data(49, 4));
        const std::string xiangqi_data = files.paths.back();
        const std::string xiangqi_checkpoint = files.add("sen_test_ckpt_xiangqi", ".ckpt");
        const std::vector<std::string> xiangqi_run = {"--variant", "xiangqi", "--data",        xiangqi_data, "--out",  out,
                                                      "--batch",   "16",      "--lr",          "0.01",       "--seed", "5",
                                                      "--epochs",  "2",       "--decay-epoch", "3"};
        REQUIRE(run_nnue_train_command(joined(xiangqi_run, {"--checkpoint", xiangqi_checkpoint})) == 0);
        std::filesystem::remove(out);
        CHECK(read_checkpoint(xiangqi_checkpoint).run.network == "xiangqi");
        CHECK(refused(xiangqi_checkpoint, same));  // a chess run
        const std::string before = read_bytes(checkpoint);
        CHECK(run_nnue_train_command(joined(xiangqi_run, {"--checkpoint", checkpoint})) == 1);
        CHECK(read_bytes(checkpoint) == before);
        CHECK_FALSE(std::filesystem::exists(out));
    }
}

TEST_CASE("A checkpoint's mismatch names what differs", "[nnue][checkpoint]") {
    CheckpointRun stored;
    stored.network = "chess";
    stored.inputs = 768;
    stored.hidden = 256;
    stored.epochs = 8;
    stored.batch_size = 16384;
    stored.learning_rate = 0.001;
    stored.seed = 1;
    stored.decay_epoch = 7;
    stored.threads = 1;
    CHECK_FALSE(run_mismatch(stored, stored, 3).has_value());
    const auto mismatch = [&](auto change, int completed = 3) {
        CheckpointRun current = stored;
        change(current);
        return run_mismatch(stored, current, completed).value_or("(accepted)");
    };
    CHECK(mismatch([](CheckpointRun& r) { r.learning_rate = 0.002; }).find("--lr is 0.002 here but 0.001 in the checkpoint") !=
          std::string::npos);
    CHECK(mismatch([](CheckpointRun& r) { r.seed = 2; }).find("--seed") != std::string::npos);
    CHECK(mismatch([](CheckpointRun& r) { r.threads = 2; }).find("--threads") != std::string::npos);
    CHECK(mismatch([](CheckpointRun& r) { r.init = "net.nnue"; }).find("--init") != std::string::npos);
    CHECK(mismatch([](CheckpointRun& r) { r.initial_network = 5; }).find("starting network") != std::string::npos);
    CHECK(mismatch([](CheckpointRun& r) {
              r.network = "xiangqi";
              r.inputs = 1260;
              r.hidden = 128;
          }).find("xiangqi network 1260 -> 2x128") != std::string::npos);
    // --epochs: free while the decay epoch stays, which the default does not.
    CHECK(mismatch([](CheckpointRun& r) { r.epochs = 12; }) == "(accepted)");
    CHECK(mismatch([](CheckpointRun& r) {
              r.epochs = 12;
              r.decay_epoch = 10;
          }).find("give --decay-epoch 7") != std::string::npos);
    CHECK(mismatch([](CheckpointRun& r) { r.epochs = 4; }, 5).find("5 epochs done") != std::string::npos);

    const DataFingerprint data{100, 20, 12345};
    CHECK_FALSE(data_mismatch(data, data).has_value());
    CHECK(data_mismatch(data, {99, 20, 12345}).value_or("").find("99 training") != std::string::npos);
    CHECK(data_mismatch(data, {100, 20, 54321}).value_or("").find("positions are not those") != std::string::npos);
}

}  // namespace sen::nn
