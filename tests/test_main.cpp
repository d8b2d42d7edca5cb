// Catch2's main(); every other test file holds the tests of one src module.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
