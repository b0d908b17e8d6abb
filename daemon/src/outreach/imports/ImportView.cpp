#include "outreach/imports/ImportView.hpp"

#include <Poco/JSON/Array.h>

#include "domain/JsonValues.hpp"

namespace lodestone::outreach::imports {

Poco::JSON::Object::Ptr renderImport(const domain::LeadImport& leadImport,
                                     const std::vector<domain::ImportRejection>& rejections) {
    auto out = domain::orderedObject();
    out->set("id", leadImport.id);
    out->set("campaignId", leadImport.campaignId);
    out->set("status", std::string(domain::toString(leadImport.status)));
    if (leadImport.fileName) out->set("fileName", *leadImport.fileName);
    out->set("bytes", leadImport.bytes);
    out->set("rows", leadImport.rowsTotal);
    out->set("rowsRead", leadImport.counts.rowsRead);
    out->set("added", leadImport.counts.added);
    out->set("duplicates", leadImport.counts.duplicates);
    out->set("rejected", leadImport.counts.rejected);
    Poco::JSON::Array::Ptr columns = new Poco::JSON::Array();
    for (const auto& column : leadImport.columns) columns->add(column);
    out->set("columns", columns);
    Poco::JSON::Array::Ptr ignored = new Poco::JSON::Array();
    for (const auto& column : leadImport.ignoredColumns) ignored->add(column);
    out->set("ignoredColumns", ignored);
    if (leadImport.error) {
        out->set("error", *leadImport.error);
    } else {
        out->set("error", Poco::Dynamic::Var());
    }
    Poco::JSON::Array::Ptr listed = new Poco::JSON::Array();
    for (const auto& rejection : rejections) {
        auto entry = domain::orderedObject();
        entry->set("line", rejection.line);
        if (rejection.field) {
            entry->set("field", *rejection.field);
        } else {
            entry->set("field", Poco::Dynamic::Var());
        }
        entry->set("error", rejection.error);
        listed->add(entry);
    }
    out->set("rejections", listed);
    out->set("createdAt", leadImport.createdAt);
    out->set("updatedAt", leadImport.updatedAt);
    if (leadImport.finishedAt) {
        out->set("finishedAt", *leadImport.finishedAt);
    } else {
        out->set("finishedAt", Poco::Dynamic::Var());
    }
    return out;
}

std::string summariseImport(const domain::LeadImport& leadImport) {
    const auto& counts = leadImport.counts;
    return std::to_string(counts.rowsRead) + " of " + std::to_string(leadImport.rowsTotal) +
           " rows: " + std::to_string(counts.added) + " added, " +
           std::to_string(counts.duplicates) + " duplicates, " + std::to_string(counts.rejected) +
           " rejected";
}

}  // namespace lodestone::outreach::imports
