#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "config/ConfigError.hpp"
#include "config/Duration.hpp"
#include "config/EnvExpansion.hpp"

namespace lodestone::config {

// What every node of one file shares: the file name for messages, where problems are
// collected, and how ${NAME} is resolved.
struct ConfigSource {
    std::string file;
    std::shared_ptr<Diagnostics> diagnostics;
    EnvLookup env;
};

// A YAML node that knows where it came from (file, line, key path), so every problem found in
// it is reported as "file:line: key.path: message". Reading a scalar expands ${NAME}. A failed
// read records the problem and returns nullopt; the caller keeps its default and goes on, so a
// single run reports every problem in the file.
class ConfigNode {
  public:
    ConfigNode(YAML::Node node, std::string path, std::shared_ptr<const ConfigSource> source,
               int line);
    // The root of a parsed document.
    static ConfigNode root(YAML::Node node, std::shared_ptr<const ConfigSource> source);

    const YAML::Node& yaml() const { return node_; }
    const std::string& path() const { return path_; }
    const std::string& file() const { return source_->file; }
    int line() const { return line_; }  // 1-based; the line of the key that holds this value
    std::string location() const;       // "file:line"
    const std::shared_ptr<const ConfigSource>& source() const { return source_; }

    bool isNull() const { return !node_.IsDefined() || node_.IsNull(); }
    bool isMap() const { return node_.IsMap(); }
    bool isSequence() const { return node_.IsSequence(); }
    bool isScalar() const { return node_.IsScalar(); }

    void error(const std::string& message) const;
    // The same node reporting into other diagnostics: a later reader (the plugin loader) checks
    // a node long after the file was loaded and wants its own list of problems.
    ConfigNode withDiagnostics(std::shared_ptr<Diagnostics> diagnostics) const;
    ConfigNode child(const std::string& key, YAML::Node node, int line) const;

    std::optional<std::string> asString() const;
    std::optional<std::int64_t> asInteger(
        std::int64_t min = std::numeric_limits<std::int64_t>::min(),
        std::int64_t max = std::numeric_limits<std::int64_t>::max()) const;
    std::optional<double> asNumber() const;
    std::optional<bool> asBool() const;
    std::optional<Duration> asDuration() const;
    // The elements of a sequence (an error, and none, when this is not one).
    std::vector<ConfigNode> elements() const;
    // The entries of a mapping, in file order (an error, and none, when this is not one).
    std::vector<std::pair<std::string, ConfigNode>> entries() const;

  private:
    std::optional<std::string> scalarText(const char* expected) const;

    YAML::Node node_;
    std::string path_;
    std::shared_ptr<const ConfigSource> source_;
    int line_;
};

// Reads one mapping key by key, remembering which keys were asked for; finish() reports every
// other key as unknown, with the list of valid ones. A missing optional key leaves the target
// at its default.
class MapReader {
  public:
    explicit MapReader(const ConfigNode& node);
    ~MapReader();
    MapReader(const MapReader&) = delete;
    MapReader& operator=(const MapReader&) = delete;

    const ConfigNode& node() const { return node_; }
    std::optional<ConfigNode> optional(const std::string& key);
    std::optional<ConfigNode> required(const std::string& key);

    void read(const std::string& key, std::string& target);
    void read(const std::string& key, std::optional<std::string>& target);
    void read(const std::string& key, bool& target);
    void read(const std::string& key, Duration& target);
    // A duration from `min` to `max`; one outside is an error naming the range.
    void read(const std::string& key, Duration& target, Duration min, Duration max);
    template <typename Int>
    void read(const std::string& key, Int& target, std::int64_t min, std::int64_t max) {
        if (auto child = optional(key)) {
            if (auto value = child->asInteger(min, max)) target = static_cast<Int>(*value);
        }
    }

    // Reports unknown keys. Called by the destructor if not called before.
    void finish();

  private:
    ConfigNode node_;
    std::set<std::string> known_;
    bool finished_ = false;
};

}  // namespace lodestone::config
