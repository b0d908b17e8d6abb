#pragma once

#include <fstream>
#include <string>

#include "support/Daemon.hpp"
#include "support/TempDir.hpp"
#include "support/TestDatabase.hpp"

namespace lodestone::test {

// A config file in a temporary directory, listening on a free port, with its database there too
// (or on PostgreSQL: TestDatabase.hpp). `extraYaml` adds sections (not `server` or `storage`,
// which it already has: a key given twice is an error).
class TestConfig {
  public:
    explicit TestConfig(const std::string& extraYaml = "", const std::string& serverYaml = "")
        : database_(TestDatabase::forTest(dir_ / "var" / "lodestone.db")) {
        std::ofstream(file()) << "server:\n  listen: \"127.0.0.1:0\"\n"
                              << serverYaml << "storage:\n"
                              << database_.yaml() << extraYaml;
    }
    std::filesystem::path file() const { return dir_ / "lodestone.yaml"; }
    const TempDir& dir() const { return dir_; }
    const TestDatabase& database() const { return database_; }

  private:
    TempDir dir_;
    TestDatabase database_;
};

}  // namespace lodestone::test
