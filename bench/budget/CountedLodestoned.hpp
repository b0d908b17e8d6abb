#pragma once

#include <cstdint>
#include <filesystem>

#include "bench/support/Lodestoned.hpp"

namespace lodestone::bench {

// lodestoned run under Valgrind's callgrind, which counts the instructions it executes. For one
// build, those are the same on any machine and in any load (unlike its time), so a budget on them
// can gate a change in CI. The count covers every thread of the daemon; it excludes the kernel.
class CountedLodestoned {
  public:
    // Starts it on `configFile`, counting nothing until zero(); writes callgrind's files into
    // `outputDirectory`. Throws, with the log, when it does not start listening.
    CountedLodestoned(const std::filesystem::path& configFile,
                      const std::filesystem::path& outputDirectory);
    CountedLodestoned(const CountedLodestoned&) = delete;
    CountedLodestoned& operator=(const CountedLodestoned&) = delete;

    std::uint16_t port() const { return port_; }
    // Counting starts from nothing now (start-up and warm-up are not counted).
    void zero();
    // Instructions executed since zero() or the previous count(); counting goes on from nothing.
    std::uint64_t count();
    // Stopped with SIGTERM, as an operator would.
    DaemonExit stop();

  private:
    void control(const std::string& option);

    std::filesystem::path outputDirectory_;
    lodestone::test::ChildProcess process_;
    std::uint16_t port_ = 0;
    int dumps_ = 0;
};

}  // namespace lodestone::bench
