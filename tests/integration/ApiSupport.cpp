#include "ApiSupport.hpp"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/ParseHandler.h>
#include <Poco/JSON/Parser.h>
#include <gtest/gtest.h>

namespace lodestone::test {

const char* const kApiConfig = R"(provision:
  organisations:
    - name: Acme
      initial_credits: 5
      projects:
        - name: Default
        - name: Strict
          credits_per_generation: 2
          schema:
            fields:
              - { name: email, type: email, required: true }
              - { name: fullName, type: string, required: true, label: Full name }
              - { name: website, type: url, description: Company website }
              - { name: customFields, type: json }
        - name: Free
          credits_per_generation: 0
        - name: Hosted
          lead_magnet_host: https://go.acme.test
      campaigns:
        - name: Outbound
          calendar_url: https://cal.acme.test/sales?utm_source=lodestone
        - name: Quiet
      api_keys:
        - { name: all, key: lsk_acme_all_projects_00000000000000000000 }
        - { name: scoped, key: lsk_acme_free_project_only_000000000000000, projects: [Free] }
    - name: Globex
      initial_credits: 100
      projects:
        - name: Other
      campaigns:
        - name: Rival
      api_keys:
        - { name: globex, key: lsk_globex_0000000000000000000000000000000 }
    - name: Poor
      initial_credits: 1
      projects:
        - name: Pricey
          credits_per_generation: 2
      api_keys:
        - { name: poor, key: lsk_poor_00000000000000000000000000000000 }
)";

ApiDaemon::ApiDaemon(const std::string& sectionsYaml, const std::string& serverYaml) {
    config_ = std::make_unique<TestConfig>(std::string(kApiConfig) + sectionsYaml, serverYaml);
    daemon_ = std::make_unique<Daemon>(config_->file());
    daemon_->waitUntilListening();
    database_ = std::make_unique<DaemonDatabase>(config_->database());
}

ApiReply ApiDaemon::send(const std::string& method, const std::string& path,
                         const std::string& body,
                         const std::map<std::string, std::string>& headers) {
    auto reply = httpRequest(daemon_->port(), method, path, body, headers);
    ApiReply out{reply.status, reply.headers, reply.body, nullptr};
    try {
        // Order preserved: tests check fields come in the spec's order.
        Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));
        auto parsed = parser.parse(reply.body);
        if (parsed.type() == typeid(Poco::JSON::Object::Ptr)) {
            out.json = parsed.extract<Poco::JSON::Object::Ptr>();
        }
    } catch (const Poco::Exception&) {
        // left null: the test checks what it expects
    }
    return out;
}

ApiReply ApiDaemon::get(const std::string& path, const std::string& key) {
    return send("GET", path, "", {{"Authorization", "Bearer " + key}});
}

ApiReply ApiDaemon::post(const std::string& path, const std::string& body, const std::string& key,
                         std::map<std::string, std::string> headers) {
    headers.emplace("Authorization", "Bearer " + key);
    headers.emplace("Content-Type", "application/json");
    return send("POST", path, body, headers);
}

Poco::JSON::Object::Ptr ApiDaemon::ctl(const std::vector<std::string>& args) {
    std::vector<std::string> full{"--config", config_->file().string()};
    full.insert(full.end(), args.begin(), args.end());
    full.push_back("--json");
    auto result = runToCompletion(LODESTONECTL_PATH, full);
    EXPECT_EQ(result.status.code, 0) << result.errors;
    return Poco::JSON::Parser().parse(result.output).extract<Poco::JSON::Object::Ptr>();
}

std::string ApiDaemon::projectId(const std::string& name) {
    auto items = ctl({"project", "list"})->getArray("items");
    for (std::size_t i = 0; i < items->size(); ++i) {
        auto item = items->getObject(static_cast<unsigned>(i));
        if (item->getValue<std::string>("name") == name) return item->getValue<std::string>("id");
    }
    ADD_FAILURE() << "no project named " << name;
    return "";
}

std::string ApiDaemon::campaignId(const std::string& name) {
    auto items = ctl({"campaign", "list"})->getArray("items");
    for (std::size_t i = 0; i < items->size(); ++i) {
        auto item = items->getObject(static_cast<unsigned>(i));
        if (item->getValue<std::string>("name") == name) return item->getValue<std::string>("id");
    }
    ADD_FAILURE() << "no campaign named " << name;
    return "";
}

std::int64_t ApiDaemon::credits(const std::string& organisation) {
    auto items = ctl({"org", "list"})->getArray("items");
    for (std::size_t i = 0; i < items->size(); ++i) {
        auto item = items->getObject(static_cast<unsigned>(i));
        if (item->getValue<std::string>("name") == organisation) {
            return item->getValue<Poco::Int64>("credits");
        }
    }
    ADD_FAILURE() << "no organisation named " << organisation;
    return -1;
}

std::vector<std::string> names(const Poco::JSON::Array::Ptr& array) {
    std::vector<std::string> out;
    if (!array) return out;
    for (std::size_t i = 0; i < array->size(); ++i) {
        out.push_back(array->getElement<std::string>(static_cast<unsigned>(i)));
    }
    return out;
}

Generated generateOk(ApiDaemon& api, const std::string& projectId, const std::string& body) {
    auto reply = api.post("/api/projects/" + projectId + "/generate", body);
    EXPECT_EQ(reply.status, 200) << reply.text;
    if (!reply.json) return {};
    return {reply.json->getValue<std::string>("leadId"),
            reply.json->getValue<std::string>("jobId")};
}

}  // namespace lodestone::test
