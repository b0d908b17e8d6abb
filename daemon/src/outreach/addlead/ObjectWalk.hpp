#pragma once

#include <Poco/Dynamic/Var.h>
#include <Poco/JSON/Object.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "outreach/addlead/CampaignLead.hpp"
#include "outreach/addlead/FieldRules.hpp"

namespace lodestone::outreach {

// Every problem found in one body, in the order found.
class LeadProblems {
  public:
    void missing(std::string path);
    void invalid(std::string path, std::string why);
    // A key the body sent that no rule asked for: dropped, and reported back to the client.
    void ignored(std::string path) { ignored_.push_back(std::move(path)); }
    bool empty() const { return missing_.empty() && invalid_.empty(); }
    const std::vector<std::string>& ignoredFields() const { return ignored_; }
    // "Invalid lead: missing a, b; invalid c (why), d (why)".
    CampaignLeadError error() const;

  private:
    std::vector<std::string> missing_;
    std::vector<std::string> invalid_;
    std::vector<std::string> ignored_;
    std::map<std::string, std::string> why_;
};

// Reads the known keys of one JSON object: checks each, records problems under its dotted path,
// and keeps what was accepted for the stored copy. Keys never asked for are dropped, and listed
// as ignored when the stored copy is taken.
// null counts as absent everywhere; a blank string counts as absent for optional text fields,
// as on the lead-magnet side, since forms send "" for fields left empty.
class ObjectWalk {
  public:
    ObjectWalk(const Poco::JSON::Object& source, std::string path, LeadProblems& problems);

    std::string pathOf(const std::string& key) const;
    LeadProblems& problems() const { return problems_; }

    // Whether a required text field is trimmed before `rule` sees it: names are, a value that
    // must be one token (an email address) is not, so that whitespace in it is refused.
    enum class Whitespace { Trim, Keep };
    // A required text field, kept (trimmed or as given); nothing (recorded as missing or
    // invalid) when it is absent, blank, not a string or fails `rule`.
    std::optional<std::string> required(const std::string& key, const TextRule& rule,
                                        Whitespace whitespace = Whitespace::Trim);
    // An optional text field, kept as given when it passes `rule`.
    std::optional<std::string> text(const std::string& key, const TextRule& rule);
    // An optional number or boolean field, kept as given when it passes `rule`.
    void value(const std::string& key, const ValueRule& rule);
    // An optional array of strings, each up to `maxItemChars`; items reported as key[i].
    void stringArray(const std::string& key, std::size_t maxItemChars);
    // An optional object of any content, kept as given.
    void freeform(const std::string& key);
    // A walk over the optional object under `key`, when it is one. Its result must be kept
    // with keep(key, child.stored()).
    std::optional<ObjectWalk> child(const std::string& key) const;

    // Keeps `value` under `key`, replacing what was kept: for values this walk normalises.
    void keep(const std::string& key, Poco::Dynamic::Var value);
    // The kept keys, in the source's key order. Reports the keys never asked for as ignored:
    // call it once, after every key was read.
    Poco::JSON::Object::Ptr stored() const;

  private:
    ObjectWalk(Poco::JSON::Object::Ptr owned, std::string path, LeadProblems& problems);
    // The value under `key`, unless absent or null.
    std::optional<Poco::Dynamic::Var> present(const std::string& key) const;

    Poco::JSON::Object::Ptr owned_;  // keeps a child's source alive
    const Poco::JSON::Object* source_;
    std::string path_;
    LeadProblems& problems_;
    std::map<std::string, Poco::Dynamic::Var> kept_;
    mutable std::set<std::string> asked_;
};

}  // namespace lodestone::outreach
