#pragma once

#include <fstream>
#include <string>

#include "support/Daemon.hpp"
#include "support/TempDir.hpp"

namespace lodestone::test {

// A config file in a temporary directory, listening on a free port, with its database there too.
// `extraYaml` adds sections (not `server` or `storage`, which it already has: a key given twice
// is an error).
class TestConfig {
  public:
    explicit TestConfig(const std::string& extraYaml = "", const std::string& serverYaml = "") {
        std::ofstream(file()) << "server:\n  listen: \"127.0.0.1:0\"\n"
                              << serverYaml << "storage:\n  path: var/lodestone.db\n"
                              << extraYaml;
    }
    std::filesystem::path file() const { return dir_ / "lodestone.yaml"; }
    const TempDir& dir() const { return dir_; }

  private:
    TempDir dir_;
};

}  // namespace lodestone::test
