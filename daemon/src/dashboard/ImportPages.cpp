// Lists in from the dashboard (docs/lists.md): a campaign page's CSV upload, and an import's page
// with its progress and rejected rows, which reloads itself until the import has finished.
#include <Poco/Net/MessageHeader.h>
#include <Poco/Net/MultipartReader.h>
#include <Poco/Net/NameValueCollection.h>

#include "dashboard/Pages.hpp"
#include "outreach/imports/ImportReceiver.hpp"
#include "outreach/imports/ImportView.hpp"
#include "storage/LeadImportRepository.hpp"

namespace lodestone::dashboard {
namespace {

namespace imports = outreach::imports;

constexpr int kRecentImports = 5;

// The file part of an upload's multipart body, by the name the form gives its input.
std::optional<std::string> boundaryOf(const std::string& contentType) {
    std::string type;
    Poco::Net::NameValueCollection parameters;
    Poco::Net::MessageHeader::splitParameters(contentType, type, parameters);
    if (Poco::icompare(type, "multipart/form-data") != 0 || !parameters.has("boundary")) {
        return std::nullopt;
    }
    return parameters.get("boundary");
}

std::string fileNameOf(const Poco::Net::MessageHeader& part) {
    std::string disposition;
    Poco::Net::NameValueCollection parameters;
    Poco::Net::MessageHeader::splitParameters(part.get("Content-Disposition", ""), disposition,
                                              parameters);
    return parameters.get("filename", "");
}

bool isFilePart(const Poco::Net::MessageHeader& part) {
    std::string disposition;
    Poco::Net::NameValueCollection parameters;
    Poco::Net::MessageHeader::splitParameters(part.get("Content-Disposition", ""), disposition,
                                              parameters);
    return parameters.get("name", "") == "file";
}

mustache::data importRow(const domain::LeadImport& leadImport) {
    mustache::data row;
    row.set("id", leadImport.id);
    row.set("fileName", leadImport.fileName.value_or("(unnamed)"));
    row.set("status", std::string(domain::toString(leadImport.status)));
    row.set("summary", imports::summariseImport(leadImport));
    row.set("created", shownTime(leadImport.createdAt));
    return row;
}

}  // namespace

void addImports(Dashboard& dashboard, const domain::Campaign& campaign, mustache::data& data) {
    auto recent = dashboard.services().store.read([&](storage::Repositories& r) {
        return r.leadImports().ofCampaign(campaign.id, kRecentImports);
    });
    mustache::data rows{mustache::data::type::list};
    for (const auto& leadImport : recent) rows.push_back(importRow(leadImport));
    data.set("imports", rows);
}

Reply importLeads(Dashboard& dashboard, DashboardRequest& request) {
    auto campaign = ownCampaign(dashboard, request);
    if (!campaign) return problem(404, "Not found", "There is no such campaign.", &*request.who);
    auto boundary = request.upload ? boundaryOf(request.uploadType) : std::nullopt;
    if (!boundary) {
        return problem(400, "No file", "Choose a CSV file to import, then press Import.",
                       &*request.who);
    }
    const auto& limits = dashboard.services().config.imports;
    Poco::Net::MultipartReader parts(*request.upload, *boundary);
    while (parts.hasNextPart()) {
        Poco::Net::MessageHeader header;
        parts.nextPart(header);
        if (!isFilePart(header)) continue;
        imports::ReceiveOptions options;
        if (auto name = fileNameOf(header); !name.empty()) options.fileName = name;
        try {
            auto received = imports::receiveImport(
                dashboard.services().store, *campaign, parts.stream(),
                {limits.maxFileBytes, limits.maxRows, limits.maxFieldBytes, limits.maxColumns}, {},
                dashboard.services().clock, options);
            if (dashboard.services().importQueued) dashboard.services().importQueued();
            return redirectTo("/dashboard/imports/" + received.id);
        } catch (const imports::ImportRefused& refused) {
            return problem(refused.status(), "Not imported",
                           std::string(refused.what()) + ". Nothing of it was added.",
                           &*request.who);
        }
    }
    return problem(400, "No file", "Choose a CSV file to import, then press Import.",
                   &*request.who);
}

Reply leadImport(Dashboard& dashboard, DashboardRequest& request) {
    auto found = dashboard.services().store.read(
        [&](storage::Repositories& r)
            -> std::optional<std::pair<domain::LeadImport, std::vector<domain::ImportRejection>>> {
            auto leadImport = r.leadImports().find(request.param("importId"));
            if (!leadImport || leadImport->organisationId != request.who->op.organisationId) {
                return std::nullopt;
            }
            return std::make_pair(
                *leadImport, r.leadImports().rejections(leadImport->id, imports::kRejectionsShown));
        });
    if (!found) return problem(404, "Not found", "There is no such import.", &*request.who);
    const auto& [leadImport, rejections] = *found;
    mustache::data data = importRow(leadImport);
    data.set("campaignId", leadImport.campaignId);
    data.set("rows", std::to_string(leadImport.rowsTotal));
    data.set("rowsRead", std::to_string(leadImport.counts.rowsRead));
    data.set("added", std::to_string(leadImport.counts.added));
    data.set("duplicates", std::to_string(leadImport.counts.duplicates));
    data.set("rejected", std::to_string(leadImport.counts.rejected));
    const auto total = std::max<std::int64_t>(1, leadImport.rowsTotal);
    data.set("percent", std::to_string(leadImport.counts.rowsRead * 100 / total));
    const bool over = leadImport.status == domain::LeadImportStatus::Completed ||
                      leadImport.status == domain::LeadImportStatus::Failed;
    data.set("running", !over);
    if (leadImport.error) data.set("error", *leadImport.error);
    std::string ignored;
    for (const auto& name : leadImport.ignoredColumns)
        ignored += (ignored.empty() ? "" : ", ") + name;
    if (!ignored.empty()) data.set("ignored", ignored);
    mustache::data rows{mustache::data::type::list};
    for (const auto& rejection : rejections) {
        mustache::data row;
        row.set("line", std::to_string(rejection.line));
        row.set("field", rejection.field.value_or("the row"));
        row.set("error", rejection.error);
        rows.push_back(row);
    }
    data.set("rejections", rows);
    if (static_cast<std::int64_t>(rejections.size()) < leadImport.counts.rejected) {
        data.set("moreRejections",
                 "The first " + std::to_string(rejections.size()) + " rejected rows are shown.");
    }
    return page(200, "Import " + leadImport.fileName.value_or(leadImport.id), "import.mustache",
                std::move(data), &*request.who, Section::Campaigns);
}

}  // namespace lodestone::dashboard
