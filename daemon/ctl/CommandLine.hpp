#pragma once

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace lodestone::ctl {

// The command line was wrong: exit code 64 (EX_USAGE) and a pointer to the usage text.
class UsageError : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

// A flag a command accepts.
struct FlagSpec {
    std::string name;         // without dashes: "org"
    bool takesValue = true;   // false: a switch such as --json
    bool repeatable = false;  // --project A --project B
    char shortName = '\0';    // 'c': also accepted as "-c value" (no "-cvalue", no bundling)
};

// Arguments after the command words, split into positionals and flags. Flags may come anywhere,
// as "--name value", "--name=value" or, for a flag with a short name, "-n value".
class Arguments {
  public:
    Arguments(const std::vector<std::string>& args, const std::vector<FlagSpec>& specs);

    const std::vector<std::string>& positionals() const { return positionals_; }
    // Exactly `count` positionals, else a UsageError naming `what`.
    void expectPositionals(std::size_t count, const std::string& what) const;

    bool has(const std::string& name) const { return values_.contains(name); }
    std::optional<std::string> value(const std::string& name) const;
    std::string required(const std::string& name) const;
    std::vector<std::string> values(const std::string& name) const;
    std::optional<std::int64_t> integer(const std::string& name) const;

  private:
    // Records one flag; takes its value from args[i + 1] (advancing i) when none was inline.
    void add(const FlagSpec& spec, std::optional<std::string> inlineValue,
             const std::vector<std::string>& args, std::size_t& i);

    std::vector<std::string> positionals_;
    std::map<std::string, std::vector<std::string>> values_;
};

// A one-letter option such as "-c".
bool isShortOption(const std::string& arg);

}  // namespace lodestone::ctl
