#include "bench/accuracy/AccuracyRun.hpp"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Parser.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <stdexcept>

#include "bench/support/CampaignApi.hpp"
#include "bench/support/ReadOnlyDatabase.hpp"
#include "bench/support/RunDir.hpp"

namespace lodestone::bench::accuracy {
namespace {

using lodestone::test::LabelledProspect;

const std::string kCampaign = "Labelled";
// The industry the campaign excludes, as the demo campaign does (etc/demo.yaml).
const std::string kExcluded = "Gambling";

// Scored once its status has moved past research and scoring; `failed` is where a research step
// that kept failing ends.
const char* const kDone =
    "SELECT COUNT(*) FROM prospects WHERE status NOT IN ('queued', 'researching', 'scored')";

std::string configYaml(const Options& options, const Configuration& configuration,
                       const std::string& resolveYaml) {
    std::ostringstream yaml;
    std::string list;
    for (const auto& instance : configuration.instances)
        list += (list.empty() ? "" : ", ") + instance;
    // research-web's settings are the unit test's (ResearchAccuracyTest.cpp), so the figures
    // differ from it by the pipeline alone. allow_private_networks: the fixture server is on
    // 127.0.0.1, and every domain resolves there, so nothing else is ever contacted.
    yaml << serverAndStorageYaml(options.sync) << "plugins:\n"
         << "  research-web:\n    library: " << RESEARCH_WEB_PATH << "\n"
         << "    config: { resolve: " << resolveYaml
         << ", max_pages: 2, page_timeout: 2s, step_budget: 10s }\n"
         << "  research-basic:\n    library: " << RESEARCH_BASIC_PATH << "\n"
         << "  content:\n    library: " << NOOP_CONTENT_PATH << "\n"
         << "pipeline:\n  research: { plugin: [" << list
         << "], timeout: 60s, allow_private_networks: true }\n"
         << "  content: { plugin: content }\n"
         // Add Lead and the prospect route (status) are read once per prospect, faster than a
         // client may by default.
         << unthrottledYaml({"campaign_leads_per_minute", "status_per_minute"})
         // Only the exclusion, as the unit test's campaign: any other industry is a match and an
         // unknown one earns half, so only the exclusion keeps a prospect from qualifying.
         << organisationYaml(100000, "      campaigns:\n        - name: " + kCampaign + "\n" +
                                         "          icp: { threshold: 50, criteria: { industries: "
                                         "{ exclude: [" +
                                         kExcluded + "], weight: 1 } } }\n");
    return yaml.str();
}

std::string text(const LabelledProspect& prospect, const char* key) {
    return prospect.input->optValue<std::string>(key, "");
}

// The Add Lead body of a labelled prospect. Add Lead requires companyName and contactName, which a
// third of the set leaves out: the domain and the email's local part stand in, saying nothing the
// domain and email did not. The submitted industry and size can only travel in `company`, which
// also tells research to skip enriching the company (docs/plugins.md), as it would for a client.
std::string leadBody(const LabelledProspect& prospect) {
    Poco::JSON::Object body(Poco::JSON_PRESERVE_KEY_ORDER);
    const std::string email = text(prospect, "email");
    body.set("email", email);
    const std::string fullName = text(prospect, "fullName");
    body.set("contactName", fullName.empty() ? email.substr(0, email.find('@')) : fullName);
    const std::string company = text(prospect, "company");
    body.set("companyName", company.empty() ? prospect.domain : company);
    for (const char* key : {"domain", "title", "notes"}) {
        if (prospect.input->has(key)) body.set(key, prospect.input->get(key));
    }
    Poco::JSON::Object::Ptr firm = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
    if (prospect.input->has("industry")) firm->set("industry", prospect.input->get("industry"));
    if (prospect.input->has("companySize")) {
        firm->set("employeeRange", prospect.input->get("companySize"));
    }
    if (firm->size() > 0) body.set("company", firm);
    if (prospect.input->has("customFields")) {
        body.set("customData", prospect.input->get("customFields"));
    }
    std::ostringstream out;
    body.stringify(out);
    return out.str();
}

Poco::JSON::Object::Ptr parseObject(const std::string& json) {
    Poco::JSON::Parser parser;
    return parser.parse(json).extract<Poco::JSON::Object::Ptr>();
}

struct Run {
    const Options& options;
    const Configuration& configuration;
    const std::vector<LabelledProspect>& prospects;
    RunResult& result;
    RunDir dir;
    std::vector<std::string> ids;  // prospect id by labelled index; "" when not added

    Run(const Options& o, const Configuration& c, const std::vector<LabelledProspect>& p,
        RunResult& r)
        : options(o),
          configuration(c),
          prospects(p),
          result(r),
          dir("lodestone-accuracy-bench", o.keep),
          ids(p.size()) {}

    std::string campaignPath(ReadOnlyDatabase& db) const {
        const std::string id = db.text("SELECT id FROM campaigns WHERE name = '" + kCampaign + "'");
        if (id.empty()) throw std::runtime_error("the provisioned campaign is missing");
        return "/api/campaigns/" + id + "/leads";
    }

    // Four clients on keep-alive connections: Add Lead is not what is measured, but research
    // starts with the first lead, so they should not trickle in.
    void addLeads(std::uint16_t port, const std::string& path) {
        const auto stats =
            runClients(port, 4, static_cast<int>(prospects.size()),
                       [&](int i, ApiConnection& connection, ClientStats& mine) {
                           ids[static_cast<std::size_t>(i)] = postExpecting201(
                               connection, path, leadBody(prospects[static_cast<std::size_t>(i)]),
                               kProspectKey, mine);
                       });
        result.added = static_cast<int>(stats.count(201));
        result.addProblem = stats.firstProblem;
    }

    // Polls the database read-only until every added prospect is past scoring; progress is
    // how many are, so a run that stops moving is given up after --stall-timeout.
    void waitUntilScored(lodestone::test::ChildProcess& daemon, ReadOnlyDatabase& db) {
        std::int64_t done = 0;
        result.abortReason = waitFor(
            daemon, options.stallSeconds, "the prospects' research",
            [&] {
                done = db.integer(kDone);
                return done >= result.added;
            },
            [&] { return done; });
    }

    // Each prospect as GET /api/campaigns/{id}/leads/{prospectId} shows it: the stored research
    // output (research.findings) scored against the labels, and icp.qualified.
    void readBack(std::uint16_t port, const std::string& path, std::int64_t startMs) {
        ApiConnection connection(port);
        std::int64_t lastCompleted = startMs;
        for (const auto& prospect : prospects) {
            const auto& expected = configuration.readsSites ? prospect.withSite() : prospect.labels;
            const std::string& id = ids[prospect.index];
            lodestone::test::Answers answers;
            bool qualified = false;
            if (!id.empty()) {
                std::string reply;
                const int status = connection.request("GET", path + "/" + id, "", reply);
                if (status != 200) throw std::runtime_error("GET " + id + ": " + reply);
                const auto view = parseObject(reply)->getObject("prospect");
                qualified = !view->isNull("qualified") && view->getValue<bool>("qualified");
                if (!view->isNull("retryCount"))
                    result.retries += view->getValue<int>("retryCount");
                const auto research = view->getObject("research");
                const std::string step = research->getValue<std::string>("status");
                if (step == "completed") {
                    ++result.researched;
                    lastCompleted =
                        std::max(lastCompleted, research->getValue<std::int64_t>("completedAt"));
                }
                if (step == "failed") ++result.stepFailures;
                if (auto findings = research->getObject("findings")) {
                    answers = lodestone::test::answersOf(findings);
                    countInstanceFailures(findings);
                }
            }
            result.tally.score(prospect, expected, answers);
            const auto industry = expected.find("industry");
            if (industry != expected.end() && industry->second == kExcluded) {
                ++result.tally.excludedLabelled;
                if (qualified) {
                    ++result.tally.wronglyQualified;
                    result.tally.wronglyQualifiedProspects.push_back(prospect.index);
                }
            }
        }
        result.seconds = static_cast<double>(lastCompleted - startMs) / 1000.0;
    }

    // The merge's warning for an instance it left out: "<instance> failed: ...".
    void countInstanceFailures(const Poco::JSON::Object::Ptr& findings) {
        const auto warnings = findings->getArray("warnings");
        if (!warnings) return;
        for (std::size_t i = 0; i < warnings->size(); ++i) {
            const std::string warning = warnings->getElement<std::string>(i);
            for (const auto& instance : configuration.instances) {
                if (warning.starts_with(instance + " failed: ")) ++result.instanceFailures;
            }
        }
    }

    void measure(const std::string& resolveYaml) {
        std::ofstream(dir.configFile()) << configYaml(options, configuration, resolveYaml);
        auto daemon = launchLodestoned(dir.configFile());
        writePidFile(options.pidFile, daemon.pid());
        try {
            const std::uint16_t port = waitUntilListening(daemon);
            {
                ReadOnlyDatabase db(dir.databaseFile());
                const std::string path = campaignPath(db);
                pauseBefore("adding the leads", options.pauseSeconds);
                const std::int64_t startMs = epochMillis();
                addLeads(port, path);
                waitUntilScored(daemon, db);
                readBack(port, path, startMs);
            }  // closed before the daemon stops, so the daemon's close is the last one
        } catch (...) {
            result.phase = endPhase(daemon, configuration.name, dir, options.keep);
            throw;
        }
        result.phase = endPhase(daemon, configuration.name, dir, options.keep);
    }
};

}  // namespace

const std::vector<Configuration>& configurations() {
    static const std::vector<Configuration> all = {
        {"web+basic", {"research-web", "research-basic"}, true},
        {"web", {"research-web"}, true},
        {"basic", {"research-basic"}, false},
    };
    return all;
}

bool RunResult::ok() const {
    return !abortReason && addProblem.empty() && added == prospects && phase.exit.clean();
}

RunResult runConfiguration(const Options& options, const Configuration& configuration,
                           const std::vector<LabelledProspect>& prospects,
                           const std::string& resolveYaml) {
    RunResult result(configuration.name);
    result.prospects = static_cast<int>(prospects.size());
    Run run(options, configuration, prospects, result);
    std::cerr << configuration.name << ": " << prospects.size() << " prospects (run directory "
              << run.dir.path().string() << ")\n";
    run.measure(resolveYaml);
    return result;
}

}  // namespace lodestone::bench::accuracy
