#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "support/Process.hpp"

namespace lodestone::bench {

// Pinned in the config so the bench knows it without parsing the daemon's output.
extern const std::string kApiKey;

// Config parts every benchmark's lodestoned has; each returns whole YAML lines.

// An ephemeral port on 127.0.0.1 (only that receives traffic) and the run directory's database.
std::string serverAndStorageYaml(const std::string& synchronous);
// `plugins:` with the no-op research and content plugins; more entries may follow.
std::string noopPluginsYaml();
// `limits:` with each of `limits` at the highest value the daemon accepts (1,000,000 a minute):
// a benchmark must never be throttled by the rate limiter.
std::string unthrottledYaml(const std::vector<std::string>& limits);
// The provisioned organisation "Bench" with `credits`, the `entries` it holds (projects,
// campaigns) and the pinned API key.
std::string organisationYaml(std::int64_t credits, const std::string& entries);

lodestone::test::ChildProcess launchLodestoned(const std::filesystem::path& configFile);
// Waits for the "listening on" log line and returns the port it names; throws, with the log,
// when the daemon exits or does not get there within a minute.
std::uint16_t waitUntilListening(lodestone::test::ChildProcess& daemon);
void writePidFile(const std::optional<std::filesystem::path>& file, pid_t pid);
// Leaves time to attach a profiler; says so on stderr.
void pauseBefore(const std::string& what, int seconds);

// How a daemon the bench stopped ended. Anything but a clean exit fails the run.
class DaemonExit {
  public:
    DaemonExit() = default;
    explicit DaemonExit(std::optional<lodestone::test::ExitStatus> status) : status_(status) {}

    bool clean() const { return code() == 0; }
    int code() const { return status_ && status_->code ? *status_->code : -1; }
    std::string text() const;  // "code 0", "signal 9", "did not exit"

  private:
    std::optional<lodestone::test::ExitStatus> status_;
};

// Stopped as an operator would, with SIGTERM; killed when it has not exited after a minute.
DaemonExit stopLodestoned(lodestone::test::ChildProcess& daemon);

}  // namespace lodestone::bench
