#pragma once

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace lodestone::config {

// One or more problems in a configuration file. Each message names the file, the line and the
// key path ("etc/lodestone.yaml:12: server.threads: expected an integer, got \"many\"").
class ConfigError : public std::runtime_error {
  public:
    explicit ConfigError(std::vector<std::string> messages);
    const std::vector<std::string>& messages() const { return messages_; }

  private:
    std::vector<std::string> messages_;
};

// Where a value was written in a configuration file. Kept for checks made after loading by the
// module that knows what the value means (ICP criteria), so that their problems read like the
// loader's own.
struct Location {
    std::string file;
    int line = 0;
    std::string keyPath;                      // e.g. "provision.organisations[0].campaigns[0].icp"
    std::optional<std::string> includedFile;  // the file a `*_file:` key names, as written there
};

// Where each key inside a mapping read as JSON (a sequence, ICP criteria) was written, by its
// path relative to the mapping ("window.timezone", "steps[1].subject"), so that a check made
// after loading can name the line of the key it finds wrong.
struct KeyLines {
    std::string file;
    std::map<std::string, int> lines;

    // The line of `path`, or of the nearest enclosing key written in the file; 0 when none is.
    int lineOf(std::string path) const;
};

// A problem a later check found at `path` inside the mapping written at `where`: the line of that
// key when it is known ("file:31: campaigns[0].sequence.steps[1].subject: message", or for a
// mapping read from its own file "file:30: campaigns[0].sequence_file: in seq.yaml:12:
// steps[1].subject: message").
std::string locatedInMapping(const Location& where, const KeyLines& lines, const std::string& path,
                             const std::string& message);

// "file:line: key.path: [in included-file: ]message": how a problem, or a warning, about a value
// of the file reads.
std::string located(const Location& where, const std::string& message);

// Collects problems while a whole file is read, so one run reports all of them (as `nginx -t`
// does), then throws them together.
class Diagnostics {
  public:
    void error(const std::string& file, int line, const std::string& path,
               const std::string& message);
    // "file:line: key.path: [in included-file: ]message", as the loader words its own.
    void error(const Location& where, const std::string& message);
    // A message already located (locatedInMapping).
    void add(std::string message) { messages_.push_back(std::move(message)); }
    bool empty() const { return messages_.empty(); }
    const std::vector<std::string>& messages() const { return messages_; }
    void throwIfAny() const;

  private:
    std::vector<std::string> messages_;
};

}  // namespace lodestone::config
