// Tests of the generated version header (src/core/version.h.in, cmake/version.cmake): the version
// is CMakeLists.txt's project version, which the build hands this test as SEN_PROJECT_VERSION, with
// "-dev-" and a commit (or "-dev" outside git) between releases; the UCI and CECP front-ends show it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <regex>
#include <string>
#include <vector>

#include "core/uci.h"
#include "core/version.h"
#include "core/xboard.h"
#include "games.h"

using namespace sen;

namespace {

std::vector<std::string> answer(auto& session, std::vector<std::string>& lines, std::string_view command) {
    lines.clear();
    session.handle_line(std::string(command));
    return lines;
}

}  // namespace

TEST_CASE("version: CMake's project version, plain or with -dev and the commit", "[version]") {
    const std::string version(ENGINE_VERSION);
    const std::regex release_or_dev(std::string(SEN_PROJECT_VERSION) + "(-dev(-[0-9a-f]{7})?)?");
    CHECK(std::string(SEN_PROJECT_VERSION) == "0.2.0");
    CHECK(std::regex_match(version, release_or_dev));
    CHECK(ENGINE_NAME_AND_VERSION == "Sen " + version);
    CHECK(ENGINE_BANNER == "Sen " + version + " by the Sen developers");
}

TEST_CASE("version: `id name` and CECP's myname show it", "[version]") {
    std::vector<std::string> lines;
    Output out([&](std::string_view line) { lines.emplace_back(line); });
    const std::string name = "Sen " + std::string(ENGINE_VERSION);

    UciSession uci(out, uci_setup());
    const std::vector<std::string> uci_answer = answer(uci, lines, "uci");
    REQUIRE(!uci_answer.empty());
    CHECK(uci_answer[0] == "id name " + name);

    CecpSession cecp(out, uci_setup());
    answer(cecp, lines, "xboard");
    const std::vector<std::string> features = answer(cecp, lines, "protover 2");
    const auto myname =
        std::find_if(features.begin(), features.end(), [](const std::string& l) { return l.find("myname=") != std::string::npos; });
    REQUIRE(myname != features.end());
    CHECK(myname->find("myname=\"" + name + "\"") != std::string::npos);
}
