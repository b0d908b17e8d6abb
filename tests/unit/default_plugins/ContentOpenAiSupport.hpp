// content-openai through its real library, as lodestoned loads it, calling the fake
// OpenAI-compatible server (support/FakeChatServer.hpp) through the daemon's PolicyGateway
// under the content step's policy.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "DefaultPluginSupport.hpp"
#include "outbound/PolicyGateway.hpp"
#include "support/FakeChatServer.hpp"

namespace lodestone::plugins::testing {

inline const char* const kContentOpenAi = LODESTONE_CONTENT_OPENAI_PLUGIN;

// A content input as the engine sends it: Ada's lead, research-web-like research with a finding
// and custom fields, and a project with a brand.
inline std::string contentInput(const std::string& moreLead = "") {
    return R"({"jobId":"job_1","leadId":"lead_1",)"
           R"("lead":{"email":"ada@acme-fixture.example","fullName":"Ada Lovelace",)"
           R"("company":"Analytical Engines","title":"VP of Engineering",)"
           R"("customFields":{"painPoint":"onboarding takes weeks"})" +
           moreLead +
           R"(},"research":{"person":{"fullName":"Ada Lovelace","title":"VP of Engineering",)"
           R"("seniority":"vp","department":"engineering"},)"
           R"("company":{"name":"Analytical Engines","domain":"acme-fixture.example",)"
           R"("industry":"Software","sizeBand":"201-500"},)"
           R"("custom":{"painPoint":"onboarding takes weeks","teamSize":"40"},)"
           R"("facts":["Analytical Engines is hiring 7 people in Engineering"],)"
           R"("findings":[{"text":"Analytical Engines is hiring 7 people in Engineering",)"
           R"("source":"https://acme-fixture.example/careers","evidence":"research"}],)"
           R"("profile":{"company":{"technologies":["HubSpot","Cloudflare"]}}},)"
           R"("project":{"id":"proj_1","name":"Engineering guides","settings":{"format":"playbook",)"
           R"("language":"en","brand":{"name":"Lodestone Labs","sender_name":"Sam Lee"}}}})";
}

// The instance "subject" of content-openai pointed at `server`, with `config` lines added
// (model and base_url unless they are given).
class ContentOpenAi {
  public:
    explicit ContentOpenAi(const test::FakeChatServer& server, std::vector<std::string> config = {},
                           bool allowPrivateNetworks = true)
        : registry_(loadPlugins(configFor(kContentOpenAi, withServer(server, std::move(config))))),
          gateway_(policy(allowPrivateNetworks)) {}

    std::string run(const std::string& input,
                    std::chrono::milliseconds deadline = std::chrono::seconds(30)) const {
        RunControl control(RunControl::deadlineIn(deadline));
        return run(input, control);
    }
    std::string run(const std::string& input, RunControl& control) const {
        control.allowHttp(&gateway_);
        return registry_.find("subject")->run(control, input);
    }
    Poco::JSON::Object::Ptr document(const std::string& input = contentInput()) const {
        return parseObject(run(input));
    }
    // The PluginError the run must end with.
    PluginError failure(const std::string& input = contentInput(),
                        std::chrono::milliseconds deadline = std::chrono::seconds(30)) const {
        try {
            run(input, deadline);
        } catch (const PluginError& e) {
            return e;
        }
        ADD_FAILURE() << "expected the run to fail";
        return PluginError("subject", LODESTONE_OK, "");
    }

  private:
    static std::vector<std::string> withServer(const test::FakeChatServer& server,
                                               std::vector<std::string> config) {
        bool hasModel = false, hasUrl = false;
        for (const auto& line : config) {
            hasModel = hasModel || line.starts_with("model:");
            hasUrl = hasUrl || line.starts_with("base_url:");
        }
        if (!hasModel) config.push_back("model: fake-model");
        if (!hasUrl) config.push_back("base_url: " + server.baseUrl());
        return config;
    }
    static outbound::OutboundPolicy policy(bool allowPrivateNetworks) {
        outbound::OutboundPolicy policy;
        policy.allowPrivateNetworks = allowPrivateNetworks;
        policy.maxResponseBytes = 4u * 1024u * 1024u;
        policy.userAgent = "Lodestone/test (content)";
        policy.allowHint = "set pipeline.content.allow_private_networks: true to allow it";
        return policy;
    }

    PluginRegistry registry_;
    outbound::PolicyGateway gateway_;
};

}  // namespace lodestone::plugins::testing
