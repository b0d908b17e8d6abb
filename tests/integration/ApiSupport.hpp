#pragma once

#include <Poco/JSON/Object.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "IntegrationSupport.hpp"
#include "support/DaemonDatabase.hpp"

namespace lodestone::test {

// Keys provisioned by kApiConfig (pinned values, so tests know them).
inline const std::string kAcmeKey = "lsk_acme_all_projects_00000000000000000000";
inline const std::string kScopedKey = "lsk_acme_free_project_only_000000000000000";
inline const std::string kGlobexKey = "lsk_globex_0000000000000000000000000000000";
inline const std::string kPoorKey = "lsk_poor_00000000000000000000000000000000";

// Acme (5 credits) with a default-schema project, a strict one costing 2, a free one and one on
// its own lead-magnet host, and campaigns Outbound (with a calendar) and Quiet (without);
// Globex with its own project and campaign Rival; Poor with 1 credit and a project costing 2.
extern const char* const kApiConfig;

struct ApiReply {
    int status = 0;
    std::map<std::string, std::string> headers;
    std::string text;
    Poco::JSON::Object::Ptr json;  // null when the body is not a JSON object
};

// A lodestoned started with kApiConfig (plus `extraYaml`), and ways to call and inspect it.
class ApiDaemon {
  public:
    // Generous limits, and no job engine: these tests write job states themselves.
    static constexpr const char* kGenerousLimits =
        "limits:\n  generate_per_minute: 10000\n  status_per_minute: 10000\n"
        "jobs:\n  run: false\n";

    // `sectionsYaml` holds the top-level sections beyond provision (the generous limits by
    // default); `serverYaml` adds keys under server:.
    explicit ApiDaemon(const std::string& sectionsYaml = kGenerousLimits,
                       const std::string& serverYaml = "");

    ApiReply get(const std::string& path, const std::string& key = kAcmeKey);
    ApiReply post(const std::string& path, const std::string& body,
                  const std::string& key = kAcmeKey,
                  std::map<std::string, std::string> headers = {});
    ApiReply send(const std::string& method, const std::string& path, const std::string& body,
                  const std::map<std::string, std::string>& headers);

    // Via lodestonectl --json on the same config.
    std::string projectId(const std::string& name);
    std::string campaignId(const std::string& name);
    std::int64_t credits(const std::string& organisation);
    Poco::JSON::Object::Ptr ctl(const std::vector<std::string>& args);

    // The database, from this process: built on through the daemon's repositories (as the job
    // engine would write), read raw through the backdoor for what they cannot say.
    Factory& factory() { return database_->factory(); }
    storage::Store& store() { return database_->store(); }
    DatabaseBackdoor backdoor() const { return database_->backdoor(); }

    std::uint16_t port() const { return daemon_->port(); }
    const TestConfig& config() const { return *config_; }

  private:
    std::unique_ptr<TestConfig> config_;
    std::unique_ptr<Daemon> daemon_;
    std::unique_ptr<DaemonDatabase> database_;
};

// The strings of a JSON array (field names in an error body, say); empty for a null array.
std::vector<std::string> names(const Poco::JSON::Array::Ptr& array);

// The fields of a successful Generate Lead Magnet response.
struct Generated {
    std::string leadId;
    std::string jobId;
};
Generated generateOk(ApiDaemon& api, const std::string& projectId,
                     const std::string& body = R"({"email":"ada@example.com"})");

}  // namespace lodestone::test
