#pragma once

#include <filesystem>
#include <string>

namespace lodestone::bench {

// A run's own directory, with the daemon's config, its database and (kept) its logs: every run
// starts from an empty database. Removed at the end unless kept, also when the bench fails.
class RunDir {
  public:
    // The database's path as the config names it, relative to the config file.
    static constexpr const char* kDatabase = "var/lodestone.db";

    // A fresh directory in the temporary directory, named `prefix` and a random suffix.
    RunDir(const std::string& prefix, bool keep);
    ~RunDir();
    RunDir(const RunDir&) = delete;
    RunDir& operator=(const RunDir&) = delete;

    const std::filesystem::path& path() const { return path_; }
    std::filesystem::path configFile() const { return path_ / "lodestone.yaml"; }
    std::filesystem::path databaseFile() const { return path_ / kDatabase; }

  private:
    bool keep_;
    std::filesystem::path path_;
};

}  // namespace lodestone::bench
