#pragma once

#include <Poco/Dynamic/Var.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "domain/Durations.hpp"

// Reading a document operators write in YAML and the daemon receives as JSON (a campaign's ICP
// criteria, its email sequence): every complaint names the JSON path of the bad value
// ("steps[1].delay", "criteria.employees.min") so the operator finds the line to fix. Each module
// turns DocumentProblem into its own error type where its public parse function returns.
namespace lodestone::domain {

// A value the document may not hold. `path` is empty for a problem with the document as a whole
// (not JSON, not a mapping); what() is "<path>: <problem>", or the problem alone.
class DocumentProblem : public std::runtime_error {
  public:
    DocumentProblem(std::string path, std::string problem);
    const std::string& path() const { return path_; }
    const std::string& problem() const { return problem_; }

  private:
    std::string path_;
    std::string problem_;
};

// How a value reads in a complaint: strings quoted and cut to 60 bytes (invalid UTF-8 shown as
// \xHH, so the message itself is UTF-8), null as null, containers by kind.
std::string describeJsonValue(const Poco::Dynamic::Var& value);

// What a key whose value is null means. YAML writes `key:` with nothing after it as null; one
// document reads that as "left out", another insists a key it names is given a value.
enum class NullValue {
    Absent,  // as if the key were not there
    Wrong,   // as a value of the wrong type: "expected ..., got null"
};

struct DocumentOptions {
    // The parser's nesting bound: it keeps a hostile document from exhausting the stack.
    std::size_t maxDepth = 16;
    NullValue nulls = NullValue::Absent;
};

// One mapping of the document with its path. An absent key reads as nothing (nullopt); a present
// key of the wrong type throws DocumentProblem "<path>: expected <what>, got <value>".
class MappingFields {
  public:
    // `path` is the mapping's own path ("window", "steps[2]"), empty for the document root.
    MappingFields(Poco::JSON::Object::Ptr object, std::string path, NullValue nulls);

    const std::string& path() const { return path_; }
    std::string pathOf(const std::string& key) const;

    // Throws for the first key not in `valid`, listing the valid ones.
    void allowOnly(const std::vector<std::string>& valid) const;

    // Whether `key` has a value to read (a null counts only with NullValue::Wrong).
    bool has(const std::string& key) const;
    // Throws "<path>: is required" when `key` has no value to read.
    void require(const std::string& key) const;

    // A JSON number (not a boolean, not a numeric string), finite, that `accept` allows;
    // otherwise "expected <expected>, got <value>".
    std::optional<double> number(const std::string& key, const std::string& expected,
                                 const std::function<bool(double)>& accept) const;
    // A whole number within [min, max]; `expected` defaults to "a whole number from min to max".
    std::optional<std::int64_t> integer(const std::string& key, std::int64_t min,
                                        std::int64_t max) const;
    std::optional<std::int64_t> integer(const std::string& key, std::int64_t min, std::int64_t max,
                                        const std::string& expected) const;
    std::optional<bool> boolean(const std::string& key) const;
    // A string of well-formed UTF-8, as written (not trimmed).
    std::optional<std::string> text(const std::string& key) const;
    // A non-empty list of non-empty strings, each trimmed.
    std::optional<std::vector<std::string>> names(const std::string& key) const;
    // A duration in the configuration's spelling ("90s", domain/Durations.hpp), at most `max`.
    std::optional<Duration> duration(const std::string& key, Duration max) const;
    std::optional<Poco::JSON::Array::Ptr> list(const std::string& key) const;

    // A nested mapping, read the same way.
    std::optional<MappingFields> mapping(const std::string& key) const;
    // As mapping(), but a null reads as an empty mapping whatever NullValue says: how an operator
    // writes "none of these" (`criteria:` with nothing under it).
    std::optional<MappingFields> mappingOrEmpty(const std::string& key) const;
    // `value`, an entry of one of this mapping's lists found at `path`, as a mapping read the same
    // way; otherwise throws "<path>: expected <expected>, got <value>".
    MappingFields entry(const Poco::Dynamic::Var& value, std::string path,
                        const std::string& expected) const;

  private:
    // The value of `key` when it has one to read (see has()).
    std::optional<Poco::Dynamic::Var> present(const std::string& key) const;
    [[noreturn]] void wrong(const std::string& key, const std::string& expected,
                            const Poco::Dynamic::Var& value) const;

    Poco::JSON::Object::Ptr object_;
    std::string path_;
    NullValue nulls_;
};

// The root mapping of `json`. Throws DocumentProblem with an empty path when `json` is not JSON
// (or nests deeper than options.maxDepth) or is not a mapping.
MappingFields readJsonDocument(const std::string& json, const DocumentOptions& options);

}  // namespace lodestone::domain
