// `suppression list | add | remove | import` and `prospect erase`: an organisation's suppression
// list and a person's erasure from the command line, with the API's rules and JSON shapes
// (docs/lists.md). What lodestonectl changes is recorded as added by "lodestonectl".
#include <fstream>
#include <sstream>

#include "Commands.hpp"
#include "domain/JsonValues.hpp"
#include "outreach/Erasure.hpp"
#include "outreach/SuppressionList.hpp"
#include "storage/OrganisationRepository.hpp"
#include "storage/PageCursor.hpp"
#include "storage/ProspectRepository.hpp"
#include "storage/StorageError.hpp"
#include "storage/SuppressionRepository.hpp"

namespace lodestone::ctl {
namespace {

constexpr std::size_t kBadLinesShown = 10;

std::string requiredOrganisation(storage::Repositories& repos, const Arguments& args) {
    const std::string org = args.required("org");
    if (!repos.organisations().find(org)) throw storage::NotFound("no organisation with id " + org);
    return org;
}

std::optional<std::string> noteFrom(const Arguments& args) {
    auto note = args.value("note");
    if (note && note->size() > outreach::kMaxNoteLength) {
        throw UsageError("--note must be at most " + std::to_string(outreach::kMaxNoteLength) +
                         " bytes");
    }
    return note;
}

outreach::ListEntry entryFrom(const std::string& text) {
    auto read = outreach::readAnyListEntry(text);
    if (!read.entry) throw UsageError(read.problem);
    return *read.entry;
}

Result list(const Arguments& args, storage::Store& store, const config::Config&,
            const domain::Clock&) {
    args.expectPositionals(0, "");
    storage::PageRequest page;
    const auto limit = args.integer("limit").value_or(storage::kDefaultPageSize);
    if (limit < 1 || limit > storage::kMaxPageSize) {
        throw UsageError("--limit must be from 1 to " + std::to_string(storage::kMaxPageSize));
    }
    page.limit = static_cast<int>(limit) + 1;
    if (auto cursor = args.value("cursor")) {
        page.after = storage::pageStartOf(*cursor);
        if (!page.after) throw UsageError("--cursor must be one a previous page printed");
    }
    auto entries = store.read([&](storage::Repositories& repos) {
        return repos.suppressions().page(requiredOrganisation(repos, args), page);
    });
    auto next = storage::endOfPage(entries, page);
    Result result = listResult(entries, outreach::renderSuppression,
                               {"kind", "address", "domain", "reason", "campaignId", "createdAt"});
    result.json->set("nextCursor", domain::orNull(next));
    if (next) result.headline = "More follow: add --cursor " + *next + " for the next page.";
    return result;
}

Result add(const Arguments& args, storage::Store& store, const config::Config&,
           const domain::Clock& clock) {
    args.expectPositionals(1, "ADDRESS_OR_DOMAIN");
    const auto entry = entryFrom(args.positionals()[0]);
    const auto note = noteFrom(args);
    auto added = store.write([&](storage::Repositories& repos) {
        outreach::ListAddition addition{requiredOrganisation(repos, args), entry, note, kActor};
        return outreach::addToList(repos, addition, clock.now());
    });
    Result result;
    result.json = outreach::renderSuppression(added.suppression);
    result.json->set("added", added.added);
    result.json->set("stoppedProspects", added.stoppedProspects);
    result.headline = added.added
                          ? "Suppressed " + entry.value + "; " +
                                std::to_string(added.stoppedProspects) + " sequence(s) stopped."
                          : entry.value + " was already suppressed; nothing changed.";
    return result;
}

Result remove(const Arguments& args, storage::Store& store, const config::Config&,
              const domain::Clock&) {
    args.expectPositionals(1, "ADDRESS_OR_DOMAIN");
    const auto entry = entryFrom(args.positionals()[0]);
    const bool lifted = store.write([&](storage::Repositories& repos) {
        return outreach::liftFromList(repos, requiredOrganisation(repos, args), entry);
    });
    if (!lifted) throw storage::NotFound(entry.value + " is not suppressed");
    Result result;
    result.json->set("lifted", entry.value);
    result.headline = "Lifted " + entry.value + ". Sequences it stopped stay stopped.";
    return result;
}

// The first cell of a CSV line (quotes removed), else the line; trimmed of blanks and a CR.
std::string firstCell(const std::string& line) {
    std::string cell;
    if (!line.empty() && line[0] == '"') {
        const auto close = line.find('"', 1);
        cell = line.substr(1, close == std::string::npos ? std::string::npos : close - 1);
    } else {
        cell = line.substr(0, line.find(','));
    }
    const auto first = cell.find_first_not_of(" \t\r");
    if (first == std::string::npos) return "";
    return cell.substr(first, cell.find_last_not_of(" \t\r") - first + 1);
}

Result importFile(const Arguments& args, storage::Store& store, const config::Config&,
                  const domain::Clock& clock) {
    args.expectPositionals(1, "FILE");
    const std::string path = args.positionals()[0];
    std::ifstream in(path);
    if (!in) throw UsageError("cannot read " + path);
    const auto note = noteFrom(args);
    std::vector<outreach::ListEntry> entries;
    std::vector<std::string> bad;
    std::size_t badCount = 0;
    int number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        if (number == 1 && line.starts_with("\xEF\xBB\xBF")) line.erase(0, 3);
        const std::string cell = firstCell(line);
        if (cell.empty() || cell[0] == '#') continue;
        auto read = outreach::readAnyListEntry(cell);
        if (read.entry) {
            entries.push_back(*read.entry);
            continue;
        }
        // A first line that is neither is the CSV's header ("email").
        if (number == 1) continue;
        if (++badCount <= kBadLinesShown)
            bad.push_back("line " + std::to_string(number) + ": " + read.problem);
    }
    if (badCount > 0) {
        std::string message = path + ": " + std::to_string(badCount) +
                              " line(s) are neither an address nor a domain; nothing imported";
        for (const auto& line : bad) message += "\n  " + line;
        throw UsageError(message);
    }
    // All or nothing, one transaction: a file half imported would be hard to tell from whole.
    int added = 0, already = 0, stopped = 0;
    store.write([&](storage::Repositories& repos) {
        const auto org = requiredOrganisation(repos, args);
        for (const auto& entry : entries) {
            auto outcome = outreach::addToList(repos, {org, entry, note, kActor}, clock.now());
            (outcome.added ? added : already) += 1;
            stopped += outcome.stoppedProspects;
        }
    });
    Result result;
    result.json->set("added", added);
    result.json->set("alreadySuppressed", already);
    result.json->set("stoppedProspects", stopped);
    result.headline = "Imported " + path + ": " + std::to_string(added) + " added, " +
                      std::to_string(already) + " already suppressed, " + std::to_string(stopped) +
                      " sequence(s) stopped.";
    return result;
}

Result erase(const Arguments& args, storage::Store& store, const config::Config&,
             const domain::Clock& clock) {
    args.expectPositionals(1, "PROSPECT_ID");
    const std::string id = args.positionals()[0];
    auto counts = store.write([&](storage::Repositories& repos) {
        auto prospect = repos.prospects().find(id);
        if (!prospect || outreach::isErased(*prospect)) {
            throw storage::NotFound("no prospect with id " + id);
        }
        return outreach::erase(repos, *prospect, kActor, clock.now());
    });
    Result result;
    result.json = outreach::renderErasure(counts);
    result.headline = "Erased the person of prospect " + id +
                      " from every table; the address stays suppressed by its keyed hash only.";
    return result;
}

}  // namespace

std::vector<Command> suppressionCommands() {
    const std::string orgHelp = "  --org ORG_ID         the organisation (required)\n";
    return {
        {"suppression",
         "list",
         "suppression list --org ORG_ID [--limit N] [--cursor CURSOR]",
         "Lists the organisation's suppressed addresses and domains, newest first: each one's\n"
         "kind, address (none once its person was erased), domain, reason (unsubscribed,\n"
         "bounced, added, erased), who added it, campaign and date.\n\n" +
             orgHelp +
             "  --limit N            how many to show, 1 to 200 (default 50)\n"
             "  --cursor CURSOR      the page after the one that printed this cursor\n",
         {{"org"}, {"limit"}, {"cursor"}},
         list},
        {"suppression",
         "add",
         "suppression add ADDRESS_OR_DOMAIN --org ORG_ID [--note TEXT]",
         "Suppresses an address (ada@example.com) or a whole domain (example.com, and its\n"
         "subdomains) in the organisation: no campaign emails it, and the pending emails of\n"
         "prospects it covers are cancelled at once, their sequences stopped.\n\n" +
             orgHelp + "  --note TEXT          why, for whoever reads the list\n",
         {{"org"}, {"note"}},
         add},
        {"suppression",
         "remove",
         "suppression remove ADDRESS_OR_DOMAIN --org ORG_ID",
         "Lifts the suppression of an address or a domain. A sequence it stopped stays\n"
         "stopped: the address is only emailed by campaigns it is added to again.\n\n" +
             orgHelp,
         {{"org"}},
         remove},
        {"suppression",
         "import",
         "suppression import FILE --org ORG_ID [--note TEXT]",
         "Suppresses every address or domain in FILE: one a line, or the first column of a CSV\n"
         "(a header line is skipped; blank lines and lines starting with # too). A line that\n"
         "is neither refuses the whole file, naming the lines; otherwise all are added in one\n"
         "transaction, as `suppression add` adds one.\n\n" +
             orgHelp + "  --note TEXT          why, on every entry added\n",
         {{"org"}, {"note"}},
         importFile},
        {"prospect",
         "erase",
         "prospect erase PROSPECT_ID",
         "Erases the person of prospect PROSPECT_ID (GDPR art. 17): their personal data goes\n"
         "from every table (their prospects in every campaign of the organisation, lead-magnet\n"
         "pages, research, emails' SMTP replies, webhook events, meetings' titles, audit\n"
         "details, stored API responses); counts and totals stay. The address stays suppressed\n"
         "by its keyed hash only (reason erased), never in clear. The audit log records that\n"
         "an erasure happened, not whom.\n",
         {},
         erase},
    };
}

}  // namespace lodestone::ctl
