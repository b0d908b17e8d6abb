// The research output of docs/plugins.md, assembled: person, company, custom, facts and
// sources as every research plugin returns them, plus profile, evidence, findings and
// warnings. Everything that goes in is capped, so no page can make the output large.
#pragma once

#include <Poco/Dynamic/Var.h>
#include <Poco/JSON/Object.h>

#include <optional>
#include <string>
#include <vector>

namespace lodestone::research_web {

struct Evidence {
    std::string kind;    // client, research or inferred
    std::string source;  // a page URL, or the field (and words) it came from
};

inline constexpr std::size_t kMaxFindings = 60;
inline constexpr std::size_t kMaxWarnings = 30;

class ResearchReport {
  public:
    ResearchReport();

    // Sets the profile value at `path` ("company.industry",
    // "company.signals.hiringSignals.openRoles") with its evidence, unless one is there
    // already: what is set first wins, so the client's values go in before research's.
    bool profile(const std::string& path, const Poco::Dynamic::Var& value, Evidence evidence);
    std::optional<Poco::Dynamic::Var> profileValue(const std::string& path) const;

    // A fact for people to read (cut to 300 characters), once; the first kMaxFindings only.
    void finding(const std::string& text, const std::string& source, const std::string& evidence);
    void warning(const std::string& text);
    void source(const std::string& name);  // once each, in first-use order

    // Top-level person, company and custom keys; empty values are left out.
    void person(const std::string& key, const std::string& value);
    void company(const std::string& key, const std::string& value);
    void custom(const std::string& key, const Poco::Dynamic::Var& value);
    std::optional<std::string> companyValue(const std::string& key) const;

    std::string json() const;

  private:
    Poco::JSON::Object::Ptr person_, company_, custom_, profile_, evidence_;
    std::vector<std::pair<std::string, Evidence>> findings_;  // text, where from
    std::vector<std::string> facts_;
    std::vector<std::string> warnings_;
    std::size_t warningsLeftOut_ = 0;
    std::vector<std::string> sources_;
};

}  // namespace lodestone::research_web
