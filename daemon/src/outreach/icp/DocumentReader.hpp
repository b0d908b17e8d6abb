#pragma once

#include <Poco/Dynamic/Var.h>
#include <Poco/JSON/Object.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace lodestone::outreach::icp {

// How a value reads in an error message: strings quoted, containers by kind.
std::string describe(const Poco::Dynamic::Var& value);

// Throws IcpError "<path>: <problem>".
[[noreturn]] void fail(const std::string& path, const std::string& problem);

// One mapping of the ICP document, read with its path so that every complaint names where in the
// document the bad value is. Absent keys read as nothing; a present key of the wrong type throws.
class MappingReader {
  public:
    // `path` is the mapping's own path ("criteria.employees"), empty for the document root.
    MappingReader(Poco::JSON::Object::Ptr object, std::string path);

    // Throws for the first key not in `valid`, listing the valid ones.
    void allowOnly(const std::vector<std::string>& valid) const;

    bool has(const std::string& key) const;
    std::string pathOf(const std::string& key) const;
    const std::string& path() const { return path_; }

    // A JSON number (not a boolean, not a numeric string) that `accept` allows; otherwise throws
    // "<path>: expected <expected>, got <value>".
    std::optional<double> number(const std::string& key, const std::string& expected,
                                 const std::function<bool(double)>& accept) const;
    // As number(), and whole.
    std::optional<int> integer(const std::string& key, const std::string& expected, int min,
                               int max) const;
    std::optional<bool> boolean(const std::string& key) const;
    // A non-empty list of non-empty strings, each trimmed.
    std::optional<std::vector<std::string>> names(const std::string& key) const;
    // A nested mapping. With `nullIsEmpty`, `key:` with nothing after it (YAML null) reads as an
    // empty mapping: that is how an operator writes "no criteria" in YAML.
    std::optional<MappingReader> mapping(const std::string& key, bool nullIsEmpty = false) const;

  private:
    Poco::Dynamic::Var value(const std::string& key) const;

    Poco::JSON::Object::Ptr object_;
    std::string path_;
};

// The root mapping of `json`; throws IcpError when it is not JSON or not an object.
MappingReader readDocument(const std::string& json);

}  // namespace lodestone::outreach::icp
