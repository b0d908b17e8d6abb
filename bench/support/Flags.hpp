#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>

namespace lodestone::bench {

// A benchmark's command line, read flag by flag. Every problem is thrown as
// std::invalid_argument, which benchMain turns into exit code 2.
class Flags {
  public:
    Flags(int argc, char** argv) : argc_(argc), argv_(argv) {}

    // Moves to the next flag; false after the last one.
    bool next();
    bool is(const char* flag) const { return name_ == flag; }
    bool isHelp() const { return is("--help") || is("-h"); }

    // The current flag's value, the argument after it.
    std::string value();
    int integer(int minimum = 1);
    [[noreturn]] void unknown() const;

  private:
    int argc_;
    char** argv_;
    int index_ = 0;
    std::string name_;
};

// The flags every benchmark takes, with the same meaning in each.
struct CommonOptions {
    explicit CommonOptions(int defaultStallSeconds) : stallSeconds(defaultStallSeconds) {}

    std::string sync = "normal";
    bool keep = false;
    bool json = false;
    int pauseSeconds = 0;
    std::optional<std::filesystem::path> pidFile;
    int stallSeconds;
};

// Takes the current flag into `options` when it is one of the common ones; false when it is not.
bool readCommonFlag(Flags& flags, CommonOptions& options);

// A benchmark's main: an exception ends it with a message and exit code 2 for bad flags, 1 for
// anything else.
int benchMain(const std::string& program, const std::function<int()>& body);

}  // namespace lodestone::bench
