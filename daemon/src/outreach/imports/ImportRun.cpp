#include "outreach/imports/ImportRun.hpp"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Parser.h>

#include "csv/CsvWriter.hpp"
#include "outreach/CampaignLeads.hpp"
#include "outreach/addlead/LeadColumns.hpp"
#include "storage/CampaignRepository.hpp"
#include "storage/LeadImportRepository.hpp"
#include "storage/StorageError.hpp"
#include "storage/SuppressionRepository.hpp"

namespace lodestone::outreach::imports {
namespace {

using domain::ImportRejection;

enum class RowEnd { Added, Duplicate, Rejected };

// What Add Lead says of a field, as a rejection of the row's cell in that column.
void rejectAsAddLead(const CampaignLeadError& problem, std::int64_t line,
                     std::vector<ImportRejection>& rejections) {
    for (const auto& field : problem.missingFields()) {
        rejections.push_back({line, field, "is required"});
    }
    for (const auto& field : problem.invalidFields()) {
        auto why = problem.reasons().find(field);
        rejections.push_back(
            {line, field, why != problem.reasons().end() ? why->second : "is invalid"});
    }
    if (problem.missingFields().empty() && problem.invalidFields().empty()) {
        rejections.push_back({line, std::nullopt, problem.what()});
    }
}

// One kept row, checked and added as Add Lead checks and adds a body.
RowEnd addRow(storage::Repositories& repositories, const domain::Campaign& campaign,
              const std::vector<LeadColumn>& columns, const domain::LeadImportRow& row,
              int maxRetries, const domain::Clock& clock,
              std::vector<ImportRejection>& rejections) {
    const std::size_t before = rejections.size();
    auto cells = Poco::JSON::Parser().parse(row.cellsJson).extract<Poco::JSON::Array::Ptr>();
    Poco::JSON::Object body(Poco::JSON_PRESERVE_KEY_ORDER);
    for (std::size_t k = 0; k < columns.size() && k < cells->size(); ++k) {
        try {
            // A cell an export escaped against spreadsheet formulas ('=1) reads as it was (=1).
            const auto cell =
                csv::unescapeFormula(cells->getElement<std::string>(static_cast<unsigned>(k)));
            if (auto value = cellValue(columns[k], cell)) setField(body, columns[k], *value);
        } catch (const CellError& wrong) {
            rejections.push_back({row.line, columns[k].header, wrong.what()});
        }
    }
    if (rejections.size() > before) return RowEnd::Rejected;
    try {
        auto lead = readCampaignLead(body, clock);
        // An address the organisation never emails (unsubscribed, bounced, erased, or added to
        // its suppression list) is not imported again, whichever list brings it back.
        if (auto suppressed =
                repositories.suppressions().find(campaign.organisationId, lead.emailKey)) {
            rejections.push_back({row.line, "email",
                                  "is on the organisation's suppression list (" +
                                      std::string(domain::toString(suppressed->reason)) +
                                      "): it is never emailed; lift the entry first to import it"});
            return RowEnd::Rejected;
        }
        addProspect(repositories, campaign, lead, maxRetries, clock.now());
        return RowEnd::Added;
    } catch (const CampaignLeadError& problem) {
        rejectAsAddLead(problem, row.line, rejections);
        return RowEnd::Rejected;
    } catch (const DuplicateProspect&) {
        return RowEnd::Duplicate;
    }
}

struct Batch {
    domain::ImportCounts counts;
    bool empty = false;
};

}  // namespace

SliceResult addSlice(storage::Store& store, const std::string& importId, const std::string& owner,
                     const ImportPace& pace, int maxRetries, const domain::Clock& clock,
                     const std::function<void()>& jobsQueued) {
    // Not a structured binding: the write lambdas below capture the campaign, and clang 14 does
    // not let a lambda capture a binding.
    const auto loaded = store.read([&](storage::Repositories& repositories) {
        auto found = repositories.leadImports().find(importId);
        if (!found) throw storage::NotFound("import " + importId + " does not exist");
        auto campaign = repositories.campaigns().find(found->campaignId);
        if (!campaign) throw storage::NotFound("campaign " + found->campaignId + " does not exist");
        return std::make_pair(std::move(*found), std::move(*campaign));
    });
    const auto& leadImport = loaded.first;
    const auto& campaign = loaded.second;
    std::vector<LeadColumn> columns;
    for (const auto& header : leadImport.columns) {
        auto column = leadColumn(header);
        if (!column)
            throw std::logic_error("import " + importId + " keeps unknown column " + header);
        columns.push_back(std::move(*column));
    }

    SliceResult result;
    while (result.added.rowsRead < pace.sliceRows) {
        auto batch = store.write([&](storage::Repositories& repositories) {
            auto& imports = repositories.leadImports();
            const auto now = clock.now();
            if (!imports.holdsLease(importId, owner, now)) {
                throw ImportLeaseLost("import " + importId +
                                      ": the lease passed to another "
                                      "process; it adds the remaining rows");
            }
            Batch batch;
            auto rows = imports.nextRows(importId, pace.batchRows);
            if (rows.empty()) {
                batch.empty = true;
                return batch;
            }
            std::vector<ImportRejection> rejections;
            for (const auto& row : rows) {
                switch (
                    addRow(repositories, campaign, columns, row, maxRetries, clock, rejections)) {
                    case RowEnd::Added:
                        ++batch.counts.added;
                        break;
                    case RowEnd::Duplicate:
                        ++batch.counts.duplicates;
                        break;
                    case RowEnd::Rejected:
                        ++batch.counts.rejected;
                        break;
                }
                ++batch.counts.rowsRead;
            }
            imports.addRejections(importId, rejections);
            imports.addProgress(importId, rows.back().line, batch.counts, now);
            return batch;
        });
        if (batch.empty) {
            result.finished = true;
            break;
        }
        result.added.rowsRead += batch.counts.rowsRead;
        result.added.added += batch.counts.added;
        result.added.duplicates += batch.counts.duplicates;
        result.added.rejected += batch.counts.rejected;
        if (batch.counts.added > 0 && jobsQueued) jobsQueued();
        if (batch.counts.rowsRead < pace.batchRows) {
            result.finished = true;  // a short batch was the last
            break;
        }
    }
    return result;
}

}  // namespace lodestone::outreach::imports
