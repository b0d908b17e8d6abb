// Building sequence documents for the tests: a valid base document with some keys replaced, and
// the check that a document is refused with a given path.
#pragma once

#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "outreach/sequence/Sequence.hpp"

namespace sequence_test {

// The smallest document that parses: a sender and one step.
inline const std::string kMinimal = R"({
  "from": {"address": "ada@acme.example"},
  "steps": [{"subject": "Hello {{firstName}}", "text": "Plain text"}]
})";

// The base document with the top-level keys of `changes` (a JSON object) replaced; a key set to
// null reads as absent.
inline std::string documentWith(const std::string& changes) {
    Poco::JSON::Parser parser;
    auto base = parser.parse(kMinimal).extract<Poco::JSON::Object::Ptr>();
    Poco::JSON::Parser changeParser;
    auto replaced = changeParser.parse(changes).extract<Poco::JSON::Object::Ptr>();
    for (const auto& name : replaced->getNames()) base->set(name, replaced->get(name));
    std::ostringstream out;
    base->stringify(out);
    return out.str();
}

// A document with one step whose keys are `step` (a JSON object's members, without braces).
inline std::string documentWithStep(const std::string& step) {
    return documentWith(R"({"steps": [{)" + step + "}]}");
}

// Parses `json`, expecting a SequenceError whose path is `path` and whose message is
// "<path>: ..." ("sequence document: ..." for the empty path) containing `problem`.
inline void expectRefused(const std::string& json, const std::string& path,
                          const std::string& problem) {
    try {
        lodestone::outreach::Sequence::parse(json);
        ADD_FAILURE() << "accepted, expected an error at " << path << "\n" << json;
    } catch (const lodestone::outreach::SequenceError& e) {
        EXPECT_EQ(e.path(), path) << e.what();
        const std::string where = path.empty() ? "sequence document" : path;
        EXPECT_THAT(e.what(), ::testing::StartsWith(where + ": ")) << e.what();
        EXPECT_THAT(e.what(), ::testing::HasSubstr(problem)) << e.what();
    }
}

}  // namespace sequence_test
