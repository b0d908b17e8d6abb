// `campaign import`: a CSV file of leads into a campaign (docs/lists.md), read and added by
// lodestonectl itself under a lease, as lodestoned adds an uploaded one, with a progress bar
// on a terminal. Research and scoring are lodestoned's: it starts on the rows as they are added.
#include <unistd.h>

#include <fstream>
#include <iostream>

#include "Commands.hpp"
#include "admin/Administration.hpp"
#include "outreach/imports/ImportReceiver.hpp"
#include "outreach/imports/ImportRun.hpp"
#include "outreach/imports/ImportView.hpp"
#include "storage/LeadImportRepository.hpp"
#include "storage/LeaseRepository.hpp"
#include "work/WorkerIdentity.hpp"

namespace lodestone::ctl {
namespace {

namespace imports = outreach::imports;

// How long lodestonectl's lease on an import lasts between two renewals (one per slice): if it
// dies, a lodestoned on this host takes the import back at once, one elsewhere after this.
constexpr domain::Timestamp kLeaseMs = 5 * 60 * 1000;
constexpr int kBarWidth = 30;

imports::ImportLimits limitsOf(const config::ImportsConfig& config) {
    return {config.maxFileBytes, config.maxRows, config.maxFieldBytes, config.maxColumns};
}

// "[#########                     ] 30%  1,500 of 5,000 rows: ..." redrawn in place.
void drawBar(const domain::LeadImport& leadImport) {
    const auto total = std::max<std::int64_t>(1, leadImport.rowsTotal);
    const auto done = leadImport.counts.rowsRead;
    const int filled = static_cast<int>(done * kBarWidth / total);
    std::cerr << "\r[" << std::string(static_cast<std::size_t>(filled), '#')
              << std::string(static_cast<std::size_t>(kBarWidth - filled), ' ') << "] "
              << (done * 100 / total) << "%  " << imports::summariseImport(leadImport)
              << std::flush;
}

std::string rejectionLines(const std::vector<domain::ImportRejection>& rejections,
                           std::int64_t rejectedRows) {
    std::string text;
    for (const auto& rejection : rejections) {
        text += "  line " + std::to_string(rejection.line) + ", " +
                rejection.field.value_or("the row") + ": " + rejection.error + "\n";
    }
    if (static_cast<std::int64_t>(rejections.size()) < rejectedRows) {
        text += "  (the first " + std::to_string(rejections.size()) + " shown)\n";
    }
    return text;
}

Result importFile(const Arguments& args, storage::Store& store, const config::Config& config,
                  const domain::Clock& clock) {
    args.expectPositionals(2, "CAMPAIGN_ID FILE.csv");
    const auto& path = args.positionals()[1];
    std::ifstream file(path, std::ios::binary);
    if (!file) throw std::runtime_error("cannot read " + path);
    auto campaign = store.read([&](storage::Repositories& repos) {
        return admin::Administration(repos, clock.now(), kActor).campaign(args.positionals()[0]);
    });

    const bool wait = !args.has("no-wait");
    const std::string owner = work::newProcessOwner();
    imports::ReceiveOptions options;
    options.fileName = std::filesystem::path(path).filename().string();
    if (wait) {
        options.holder = owner;
        options.holdUntil = clock.now() + kLeaseMs;
    }
    domain::LeadImport leadImport;
    try {
        leadImport = imports::receiveImport(store, campaign, file, limitsOf(config.imports), {},
                                            clock, options);
    } catch (const imports::ImportRefused& refused) {
        throw std::runtime_error(
            std::string(refused.what()) +
            (refused.importId() ? " (import " + *refused.importId() + ")" : std::string()));
    }
    if (!wait) {
        store.announceWork("imports");
    } else {
        const bool bar = ::isatty(STDERR_FILENO) != 0;
        const imports::ImportPace pace;
        while (true) {
            auto slice =
                imports::addSlice(store, leadImport.id, owner, pace, config.jobs.maxRetries, clock);
            store.announceWork("jobs");  // lodestoned researches what was added
            leadImport = store.write([&](storage::Repositories& repos) {
                const auto now = clock.now();
                repos.importLeases().renew(owner, {leadImport.id}, now + kLeaseMs);
                if (slice.finished) {
                    repos.leadImports().finishLease(leadImport.id, owner,
                                                    domain::LeadImportStatus::Completed, now, now);
                }
                return *repos.leadImports().find(leadImport.id);
            });
            if (bar) drawBar(leadImport);
            if (slice.finished) break;
        }
        if (bar) std::cerr << '\n';
    }

    auto rejections = store.read([&](storage::Repositories& repos) {
        return repos.leadImports().rejections(leadImport.id, imports::kRejectionsShown);
    });
    Result result;
    result.json = imports::renderImport(leadImport, rejections);
    if (wait) {
        result.headline = "Imported " + path + " into campaign " + campaign.id + " (import " +
                          leadImport.id + "): " + imports::summariseImport(leadImport) + ".";
    } else {
        result.headline = "Queued " + path + " for campaign " + campaign.id + " as import " +
                          leadImport.id + " (" + std::to_string(leadImport.rowsTotal) +
                          " rows); lodestoned adds them. Follow it with GET /api/imports/" +
                          leadImport.id + ".";
    }
    if (!leadImport.ignoredColumns.empty()) {
        std::string names;
        for (const auto& name : leadImport.ignoredColumns)
            names += (names.empty() ? "" : ", ") + name;
        result.warnings.push_back("columns that are no Add Lead field were ignored: " + names);
    }
    if (!rejections.empty()) {
        result.text = "Rejected rows:\n" + rejectionLines(rejections, leadImport.counts.rejected);
    }
    return result;
}

}  // namespace

std::vector<Command> importCommands() {
    return {
        {"campaign",
         "import",
         "campaign import ID FILE.csv [--no-wait]",
         "Imports the leads of FILE.csv into campaign ID, each row checked and added as Add\n"
         "Lead checks and adds a lead (then researched and scored by lodestoned). The first\n"
         "row names the columns by Add Lead's field paths: companyName, contactName, email,\n"
         "title, company.industry, contact.timezone, ..., and custom.NAME for customData.\n"
         "UTF-8 with or without a byte order mark; comma or semicolon between fields. A row\n"
         "whose email the campaign has is counted as a duplicate; a bad row is listed with\n"
         "its line, column and error and never stops the others. Shows a progress bar on a\n"
         "terminal. Interrupted, the import resumes where it stopped (lodestoned takes it\n"
         "over). Limits: imports.max_file_bytes, max_rows, max_field_bytes, max_columns.\n\n"
         "  --no-wait            only queue the file: lodestoned adds its rows\n",
         {{"no-wait", false}},
         importFile},
    };
}

}  // namespace lodestone::ctl
