// research-web through its real library, as lodestoned loads it, fetching through the daemon's
// PolicyGateway from the fixture sites on 127.0.0.1 (support/FixtureSite.hpp).
#pragma once

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

#include <chrono>
#include <string>
#include <vector>

#include "DefaultPluginSupport.hpp"
#include "outbound/PolicyGateway.hpp"
#include "support/FixtureSite.hpp"

namespace lodestone::plugins::testing {

inline const char* const kResearchWeb = LODESTONE_RESEARCH_WEB_PLUGIN;

// A lead-magnet research input for Ada at `domain`.
inline std::string leadAt(const std::string& domain, const std::string& more = "") {
    return R"({"jobId":"job_1","leadId":"lead_1","lead":{"email":"ada@)" + domain +
           R"(","fullName":"Ada Lovelace","domain":")" + domain +
           R"(","title":"VP of Engineering")" + more + R"(},"project":{"id":"proj_1","name":"P"}})";
}

class ResearchWeb {
  public:
    // `config`: YAML lines under the plugin's config; resolve maps every fixture name unless
    // `config` sets it.
    ResearchWeb(const test::FixtureSite& site, std::vector<std::string> config = {},
                bool allowPrivateNetworks = true)
        : registry_(loadPlugins(configFor(kResearchWeb, withResolve(site, std::move(config))))),
          gateway_(policy(allowPrivateNetworks)) {}

    // Runs with outbound HTTP and `deadline` from now; PluginError on failure.
    std::string run(const std::string& input,
                    std::chrono::milliseconds deadline = std::chrono::seconds(30)) const {
        RunControl control(RunControl::deadlineIn(deadline));
        control.allowHttp(&gateway_);
        return registry_.find("subject")->run(control, input);
    }
    std::string run(const std::string& input, RunControl& control) const {
        control.allowHttp(&gateway_);
        return registry_.find("subject")->run(control, input);
    }
    // Without outbound HTTP, as research ran before ABI 1.1 gave it some.
    std::string runOffline(const std::string& input) const {
        RunControl control(RunControl::deadlineIn(std::chrono::seconds(30)));
        return registry_.find("subject")->run(control, input);
    }
    Poco::JSON::Object::Ptr research(const std::string& input) const {
        return parseObject(run(input));
    }

  private:
    static std::vector<std::string> withResolve(const test::FixtureSite& site,
                                                std::vector<std::string> config) {
        bool hasResolve = false;
        for (const auto& line : config) hasResolve = hasResolve || line.starts_with("resolve:");
        if (!hasResolve) config.push_back("resolve: " + site.resolveYaml());
        return config;
    }
    static outbound::OutboundPolicy policy(bool allowPrivateNetworks) {
        outbound::OutboundPolicy policy;
        policy.allowPrivateNetworks = allowPrivateNetworks;
        policy.maxResponseBytes = 8u * 1024u * 1024u;
        policy.userAgent = "Lodestone/test (research)";
        policy.allowHint = "set pipeline.research.allow_private_networks: true to allow it";
        return policy;
    }

    PluginRegistry registry_;
    outbound::PolicyGateway gateway_;
};

// The evidence entry of a profile path: {evidence, source}.
inline std::pair<std::string, std::string> evidenceOf(const Poco::JSON::Object::Ptr& output,
                                                      const std::string& path) {
    auto entry = output->getObject("evidence")->getObject(path);
    if (!entry) return {"<none>", "<none>"};
    return {entry->getValue<std::string>("evidence"), entry->getValue<std::string>("source")};
}

// A profile value by dotted path ("company.signals.hiringSignals.openRoles").
inline Poco::Dynamic::Var profileAt(const Poco::JSON::Object::Ptr& output,
                                    const std::string& path) {
    Poco::JSON::Object::Ptr at = output->getObject("profile");
    std::size_t start = 0;
    while (at) {
        const std::size_t dot = path.find('.', start);
        const std::string key = path.substr(start, dot - start);
        if (dot == std::string::npos) return at->has(key) ? at->get(key) : Poco::Dynamic::Var();
        at = at->getObject(key);
        start = dot + 1;
    }
    return {};
}

struct Finding {
    std::string text, source, evidence;
};

inline std::vector<Finding> findingsOf(const Poco::JSON::Object::Ptr& output) {
    std::vector<Finding> found;
    auto array = output->getArray("findings");
    for (std::size_t i = 0; array && i < array->size(); ++i) {
        auto item = array->getObject(static_cast<unsigned>(i));
        found.push_back({item->getValue<std::string>("text"), item->getValue<std::string>("source"),
                         item->getValue<std::string>("evidence")});
    }
    return found;
}

// The finding whose text contains `words`; a test failure when there is none.
inline Finding findingWith(const Poco::JSON::Object::Ptr& output, const std::string& words) {
    for (const auto& finding : findingsOf(output)) {
        if (finding.text.find(words) != std::string::npos) return finding;
    }
    ADD_FAILURE() << "no finding says \"" << words << "\" in " << toJson(output);
    return {};
}

inline std::string allWarnings(const Poco::JSON::Object::Ptr& output) {
    std::string text;
    for (const auto& warning : strings(output->getArray("warnings"))) text += warning + "\n";
    return text;
}

}  // namespace lodestone::plugins::testing
