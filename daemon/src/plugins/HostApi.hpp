#pragma once

#include <Poco/Logger.h>
#include <lodestone/plugin_abi.h>

#include <cstddef>
#include <mutex>
#include <string>

#include "plugins/RunControl.hpp"

namespace lodestone::plugins {

// What an instance handle points to: the host's data for one plugin instance.
class InstanceHandle {
  public:
    // `vocabularyPath`: the vocabulary file the daemon read when it made the instance, which
    // vocabulary_path tells it; empty for none (the built-in words).
    explicit InstanceHandle(const std::string& instanceName, std::string vocabularyPath = "");
    const std::string& name() const noexcept { return name_; }
    Poco::Logger& logger() const noexcept { return logger_; }
    const std::string& vocabularyPath() const noexcept { return vocabularyPath_; }

  private:
    std::string name_;
    Poco::Logger& logger_;  // "plugin.<instance name>"
    std::string vocabularyPath_;
};

// The one API table handed to every plugin. Static data; every function is noexcept.
const lodestone_host_api& hostApi() noexcept;

// Collects what a plugin appends during one run. Past `cap` bytes further appends are dropped
// and overflowed() turns true, so a runaway plugin cannot exhaust the daemon's memory.
class OutputBuffer {
  public:
    static constexpr std::size_t kDefaultCap = 16u * 1024u * 1024u;

    explicit OutputBuffer(std::size_t cap = kDefaultCap);
    OutputBuffer(const OutputBuffer&) = delete;
    OutputBuffer& operator=(const OutputBuffer&) = delete;

    lodestone_output* abi() noexcept { return &abi_; }
    bool overflowed() const;
    std::size_t cap() const noexcept { return cap_; }
    std::string take();

  private:
    static void append(lodestone_output* output, const char* data, std::size_t length) noexcept;

    lodestone_output abi_;
    std::size_t cap_;
    mutable std::mutex mutex_;  // a plugin may append from threads it started
    std::string text_;
    bool overflowed_ = false;
};

}  // namespace lodestone::plugins

// The host's definition of the ABI's opaque run context: what host functions need to answer a
// plugin during one run.
struct lodestone_run_context {
    const lodestone::plugins::RunControl* control;
    const lodestone::plugins::InstanceHandle* instance;
};
