#pragma once

#include <Poco/Dynamic/Var.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lodestone::outreach {

// How a value reads in an error message: strings quoted (and cut), containers by kind.
std::string describeValue(const Poco::Dynamic::Var& value);

// One mapping of the sequence document with its JSON path, so that every complaint names where
// the bad value is (SequenceError "<path>: <problem>"). A key that is absent or null reads as
// absent (YAML writes `reply_to:` with nothing after it as null); a present key of the wrong type
// throws.
class DocumentFields {
  public:
    // `path` is the mapping's own path ("window", "steps[2]"), empty for the document root.
    DocumentFields(Poco::JSON::Object::Ptr object, std::string path);

    // Throws for the first key not in `valid`, listing the valid ones.
    void allowOnly(const std::vector<std::string>& valid) const;

    std::string pathOf(const std::string& key) const;

    bool has(const std::string& key) const;
    // Throws "<path>: is required" when the key is absent or null.
    void require(const std::string& key) const;

    std::optional<std::string> text(const std::string& key) const;
    // A JSON number that is whole and within [min, max] (not a boolean, not a numeric string).
    std::optional<std::int64_t> integer(const std::string& key, std::int64_t min,
                                        std::int64_t max) const;
    // A duration in the configuration's spelling ("90s", domain/Durations.hpp), at most `max`.
    std::optional<std::chrono::milliseconds> duration(const std::string& key,
                                                      std::chrono::milliseconds max) const;
    std::optional<DocumentFields> mapping(const std::string& key) const;
    std::optional<Poco::JSON::Array::Ptr> list(const std::string& key) const;

  private:
    Poco::Dynamic::Var value(const std::string& key) const;

    Poco::JSON::Object::Ptr object_;
    std::string path_;
};

// The root mapping of `json`; throws SequenceError with an empty path when it is not JSON or not
// a mapping.
DocumentFields readSequenceDocument(const std::string& json);

bool isMapping(const Poco::Dynamic::Var& value);

}  // namespace lodestone::outreach
