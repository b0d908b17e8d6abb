// What research found in the Add Lead shapes (profile.company, profile.contact) with an evidence
// entry per value, by its path: the `profile` and `evidence` keys of the output.
#pragma once

#include <Poco/Dynamic/Var.h>
#include <Poco/JSON/Object.h>

#include <string>

#include "Evidence.hpp"

namespace lodestone::research_basic {

class ResearchProfile {
  public:
    ResearchProfile();

    // profile.<path> ("company.industry", "company.signals.hiringSignals.openRoles") becomes
    // `value`, with its evidence and source; objects on the way are made. A value already there
    // stays: the first, most direct finding wins.
    void set(const std::string& path, const Poco::Dynamic::Var& value, Evidence evidence,
             const std::string& source);
    bool has(const std::string& path) const;

    // The client's object at `path` ("company", "contact") as sent, keeping only values of the
    // types its Add Lead object allows (text, numbers, booleans, lists of text, and objects for
    // the signals): every value is the client's, sourced to its own path.
    void copyClientObject(const std::string& path, const Poco::JSON::Object& object);

    Poco::JSON::Object::Ptr profile() const { return profile_; }
    Poco::JSON::Object::Ptr evidence() const { return evidence_; }

  private:
    Poco::JSON::Object::Ptr profile_;
    Poco::JSON::Object::Ptr evidence_;
};

}  // namespace lodestone::research_basic
