#include "outreach/lists/LeadListExport.hpp"

#include <Poco/JSON/Parser.h>

#include <vector>

#include "csv/CsvWriter.hpp"
#include "domain/JsonValues.hpp"
#include "domain/Time.hpp"
#include "outreach/addlead/LeadColumns.hpp"

namespace lodestone::outreach {
namespace {

// Rows read per transaction: large enough that an export is a few hundred short reads, small
// enough that a page's records stay a few megabytes at most.
constexpr int kRowsPerRead = 500;

// After the lead's own columns. None is an Add Lead path (no body field is named "outreach"),
// so an import skips them rather than reading them as the lead's.
const std::vector<std::string> kOutcomeHeaders = {
    "outreach.prospectId",  "outreach.status",  "outreach.score",     "outreach.qualified",
    "outreach.lastEmailAt", "outreach.replied", "outreach.meetingAt", "outreach.addedAt",
};

std::vector<LeadColumn> columnsFor(const std::vector<std::string>& customKeys) {
    std::vector<LeadColumn> columns = leadColumns();
    for (const auto& key : customKeys) {
        columns.push_back({"custom." + key, {"customData", key}, CellKind::Text});
    }
    return columns;
}

Poco::JSON::Object::Ptr storedObject(const std::optional<std::string>& json) {
    if (json) {
        auto parsed = domain::parseOrdered(*json);
        if (parsed && parsed->type() == typeid(Poco::JSON::Object::Ptr)) {
            return parsed->extract<Poco::JSON::Object::Ptr>();
        }
    }
    return domain::orderedObject();
}

std::string qualifiedText(const domain::Prospect& prospect) {
    const auto qualified = storedObject(prospect.scoreJson)->get("qualified");
    if (qualified.isEmpty()) return {};
    return qualified.convert<bool>() ? "true" : "false";
}

void writeRow(csv::CsvWriter& csv, const std::vector<LeadColumn>& columns,
              const storage::ExportedProspect& row) {
    const auto& prospect = row.prospect;
    const auto stored = storedObject(prospect.inputJson);
    for (const auto& column : columns) {
        const auto cell = cellText(*stored, column);
        const bool numeric =
            column.kind == CellKind::WholeNumber || column.kind == CellKind::Number;
        numeric ? csv.number(cell) : csv.text(cell);
    }
    const auto& outcome = row.outcome;
    csv.text(prospect.id).text(domain::toString(prospect.status));
    csv.number(prospect.score ? std::to_string(*prospect.score) : "");
    csv.text(qualifiedText(prospect));
    csv.text(outcome.lastEmailAt ? domain::isoUtc(*outcome.lastEmailAt) : "");
    csv.text(outcome.replied ? "true" : "false");
    csv.text(outcome.meetingAt.value_or(""));
    csv.text(domain::isoUtc(prospect.createdAt));
    csv.endRow();
}

}  // namespace

std::int64_t writeLeadList(storage::Store& store, const storage::ProspectFilter& filter,
                           std::ostream& out) {
    const auto columns = columnsFor(store.read([&](storage::Repositories& repositories) {
        return repositories.prospects().customDataKeys(filter);
    }));
    csv::CsvWriter csv(out);
    for (const auto& column : columns) csv.text(column.header);
    for (const auto& header : kOutcomeHeaders) csv.text(header);
    csv.endRow();

    std::int64_t written = 0;
    storage::PageRequest page{kRowsPerRead, std::nullopt};
    while (true) {
        auto rows = store.read([&](storage::Repositories& repositories) {
            return repositories.prospects().exportPage(filter, page);
        });
        for (const auto& row : rows) writeRow(csv, columns, row);
        written += static_cast<std::int64_t>(rows.size());
        if (rows.size() < static_cast<std::size_t>(kRowsPerRead)) break;
        page.after = storage::PageStart{rows.back().prospect.createdAt, rows.back().prospect.id};
    }
    out.flush();
    return written;
}

std::string leadListFileName(const domain::Campaign& campaign) {
    return "campaign-" + campaign.id + "-leads.csv";
}

}  // namespace lodestone::outreach
