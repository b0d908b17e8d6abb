// `campaign leads` and `project jobs`: a campaign's prospects and a project's jobs, newest first,
// page by page with the same cursors as the API's lists (docs/api.md, Lists).
#include "Commands.hpp"
#include "domain/JsonValues.hpp"
#include "storage/CampaignRepository.hpp"
#include "storage/JobRepository.hpp"
#include "storage/PageCursor.hpp"
#include "storage/PageRequest.hpp"
#include "storage/ProjectRepository.hpp"
#include "storage/ProspectRepository.hpp"
#include "storage/StorageError.hpp"

namespace lodestone::ctl {
namespace {

const std::string kPagingHelp =
    "  --limit N            how many to show, 1 to 200 (default 50)\n"
    "  --cursor CURSOR      the page after the one that printed this cursor\n";

// Read with one row more than the page holds, to know whether another follows.
storage::PageRequest pageFrom(const Arguments& args) {
    storage::PageRequest page;
    const auto limit = args.integer("limit").value_or(storage::kDefaultPageSize);
    if (limit < 1 || limit > storage::kMaxPageSize) {
        throw UsageError("--limit must be from 1 to " + std::to_string(storage::kMaxPageSize));
    }
    page.limit = static_cast<int>(limit) + 1;
    if (auto cursor = args.value("cursor")) {
        page.after = storage::pageStartOf(*cursor);
        if (!page.after) {
            throw UsageError("--cursor must be one a previous page printed, got \"" + *cursor +
                             "\"");
        }
    }
    return page;
}

void addNextPage(Result& result, const std::optional<std::string>& next) {
    result.json->set("nextCursor", domain::orNull(next));
    if (next) result.headline = "More follow: add --cursor " + *next + " for the next page.";
}

Poco::JSON::Object::Ptr prospectJson(const domain::Prospect& prospect) {
    auto json = domain::orderedObject();
    json->set("id", prospect.id);
    json->set("status", std::string(domain::toString(prospect.status)));
    json->set("score", domain::orNull(prospect.score));
    json->set("email", prospect.email);
    json->set("contactName", prospect.contactName);
    json->set("companyName", prospect.companyName);
    json->set("error", domain::orNull(prospect.error));
    json->set("createdAt", prospect.createdAt);
    return json;
}

Poco::JSON::Object::Ptr jobJson(const domain::Job& job) {
    auto json = domain::orderedObject();
    json->set("id", job.id);
    json->set("leadId", job.leadId);
    json->set("status", std::string(domain::toString(job.status)));
    json->set("nextStep", std::string(domain::toString(job.nextStep)));
    json->set("retryCount", job.retryCount);
    json->set("error", domain::orNull(job.error));
    json->set("createdAt", job.createdAt);
    return json;
}

Result leads(const Arguments& args, storage::Store& store, const config::Config&,
             const domain::Clock&) {
    args.expectPositionals(1, "CAMPAIGN_ID");
    const auto filter = prospectFilterFrom(args, args.positionals()[0]);
    const auto page = pageFrom(args);
    auto prospects = store.read([&](storage::Repositories& repos) {
        if (!repos.campaigns().find(filter.campaignId)) {
            throw storage::NotFound("no campaign with id " + filter.campaignId);
        }
        return repos.prospects().page(filter, page);
    });
    auto next = storage::endOfPage(prospects, page);
    Result result = listResult(prospects, prospectJson,
                               {"id", "status", "score", "email", "companyName", "createdAt"});
    addNextPage(result, next);
    return result;
}

Result jobs(const Arguments& args, storage::Store& store, const config::Config&,
            const domain::Clock&) {
    args.expectPositionals(1, "PROJECT_ID");
    storage::JobFilter filter;
    filter.projectId = args.positionals()[0];
    if (auto status = args.value("status")) {
        filter.status = domain::jobStatusFromString(*status);
        if (!filter.status) throw UsageError("--status: no job status \"" + *status + "\"");
    }
    const auto page = pageFrom(args);
    auto found = store.read([&](storage::Repositories& repos) {
        if (!repos.projects().find(filter.projectId)) {
            throw storage::NotFound("no project with id " + filter.projectId);
        }
        return repos.jobs().page(filter, page);
    });
    auto next = storage::endOfPage(found, page);
    Result result =
        listResult(found, jobJson, {"id", "status", "nextStep", "retryCount", "createdAt"});
    addNextPage(result, next);
    return result;
}

}  // namespace

storage::ProspectFilter prospectFilterFrom(const Arguments& args, const std::string& campaignId) {
    storage::ProspectFilter filter;
    filter.campaignId = campaignId;
    if (auto status = args.value("status")) {
        filter.status = domain::prospectStatusFromString(*status);
        if (!filter.status) throw UsageError("--status: no prospect status \"" + *status + "\"");
    }
    filter.text = args.value("search");
    if (auto minScore = args.integer("min-score")) {
        if (*minScore < 0 || *minScore > 100) throw UsageError("--min-score must be from 0 to 100");
        filter.minScore = static_cast<int>(*minScore);
    }
    return filter;
}

const std::string kProspectFilterHelp =
    "  --status STATUS      only those in this status (queued, qualified, in_sequence, …)\n"
    "  --search TEXT        only those with every word of TEXT in the contact's name, the\n"
    "                       email or the company's name\n"
    "  --min-score N        only those scored N (0-100) or more\n";

std::vector<Command> listCommands() {
    return {
        {"campaign",
         "leads",
         "campaign leads CAMPAIGN_ID [--status STATUS] [--search TEXT] [--min-score N] "
         "[--limit N] [--cursor CURSOR]",
         "Lists the prospects of campaign CAMPAIGN_ID, newest first.\n\n" + kProspectFilterHelp +
             kPagingHelp,
         {{"status"}, {"search"}, {"min-score"}, {"limit"}, {"cursor"}},
         leads},
        {"project",
         "jobs",
         "project jobs PROJECT_ID [--status STATUS] [--limit N] [--cursor CURSOR]",
         "Lists the generation jobs of project PROJECT_ID, newest first.\n\n"
         "  --status STATUS      only those in this status (queued, research_running,\n"
         "                       content_running, finalizing, completed, failed)\n" +
             kPagingHelp,
         {{"status"}, {"limit"}, {"cursor"}},
         jobs},
    };
}

}  // namespace lodestone::ctl
