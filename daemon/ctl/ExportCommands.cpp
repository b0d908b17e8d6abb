// `campaign export` and `prospect export`: a campaign's prospects as a CSV file and everything
// held about one person as a JSON document, the same files as the API's exports
// (docs/lists.md), on stdout or in a file.
#include <Poco/JSON/Stringifier.h>

#include <fstream>

#include "Commands.hpp"
#include "admin/Administration.hpp"
#include "outreach/lists/LeadListExport.hpp"
#include "outreach/lists/PersonalData.hpp"
#include "storage/CampaignRepository.hpp"
#include "storage/StorageError.hpp"

namespace lodestone::ctl {
namespace {

const std::string kOutputHelp =
    "  --output FILE, -o    write to FILE (made anew) instead of stdout\n";

// Writes with `write` to --output's file, or returns a result that writes to stdout.
Result written(const Arguments& args, const std::function<std::string(std::ostream&)>& write) {
    Result result;
    if (auto path = args.value("output")) {
        std::ofstream file(*path, std::ios::binary | std::ios::trunc);
        if (!file) throw std::runtime_error("cannot write " + *path);
        const auto what = write(file);
        file.close();
        if (!file) throw std::runtime_error("writing " + *path + " failed");
        result.headline = "Wrote " + what + " to " + *path + ".";
        result.json->set("file", *path);
        return result;
    }
    result.write = [write](std::ostream& out) { write(out); };
    return result;
}

Result exportCampaign(const Arguments& args, storage::Store& store, const config::Config&,
                      const domain::Clock& clock) {
    args.expectPositionals(1, "CAMPAIGN_ID");
    const auto filter = prospectFilterFrom(args, args.positionals()[0]);
    store.read([&](storage::Repositories& repos) {
        return admin::Administration(repos, clock.now(), kActor).campaign(filter.campaignId);
    });
    return written(args, [&store, filter](std::ostream& out) {
        return std::to_string(outreach::writeLeadList(store, filter, out)) + " prospects";
    });
}

Result exportProspect(const Arguments& args, storage::Store& store, const config::Config& config,
                      const domain::Clock& clock) {
    args.expectPositionals(1, "PROSPECT_ID");
    const auto& id = args.positionals()[0];
    auto document = store.read([&](storage::Repositories& repos) {
        auto prospect = repos.prospects().find(id);
        if (!prospect) throw storage::NotFound("no prospect with id " + id);
        auto campaign =
            admin::Administration(repos, clock.now(), kActor).campaign(prospect->campaignId);
        return outreach::personalData(repos, campaign, id, config.server.publicUrl, clock.now());
    });
    return written(args, [document, id](std::ostream& out) {
        Poco::JSON::Stringifier::stringify(document, out, 2);
        out << '\n';
        return "the data of prospect " + id;
    });
}

}  // namespace

std::vector<Command> exportCommands() {
    return {
        {"campaign",
         "export",
         "campaign export CAMPAIGN_ID [--status STATUS] [--search TEXT] [--min-score N] "
         "[--output FILE]",
         "Writes the prospects of campaign CAMPAIGN_ID as a CSV file, newest first: a column\n"
         "per Add Lead field (custom.NAME for each customData key), so the file imports into\n"
         "another campaign, then outreach.status, outreach.score, outreach.qualified,\n"
         "outreach.lastEmailAt, outreach.replied, outreach.meetingAt and the other outreach.*\n"
         "columns. Cells a spreadsheet would take for a formula start with ' (docs/lists.md).\n\n" +
             kProspectFilterHelp + kOutputHelp,
         {{"status"}, {"search"}, {"min-score"}, {"output", true, false, 'o'}},
         exportCampaign},
        {"prospect",
         "export",
         "prospect export PROSPECT_ID [--output FILE]",
         "Writes everything held about prospect PROSPECT_ID as one JSON document (GDPR\n"
         "articles 15 and 20): its record and the Add Lead fields it was given, research and\n"
         "score, its emails with their subject and text, replies, meetings, lead magnets with\n"
         "their pages, the events sent about it and its suppression (docs/api.md).\n\n" +
             kOutputHelp,
         {{"output", true, false, 'o'}},
         exportProspect},
    };
}

}  // namespace lodestone::ctl
