// Imports of lists of leads: the import's record, its kept rows and its rejections.
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Parser.h>

#include <sstream>

#include "storage/StorageError.hpp"
#include "storage/sql/SqlRepositories.hpp"

namespace lodestone::storage::sql {
namespace {

const char* const kColumns =
    "id, organisation_id, campaign_id, status, file_name, bytes, rows_total, rows_read, added, "
    "duplicates, rejected, columns_json, ignored_columns_json, error, lease_owner, "
    "lease_expires_at, run_after, created_at, updated_at, finished_at";

std::string jsonArray(const std::vector<std::string>& values) {
    Poco::JSON::Array array;
    for (const auto& value : values) array.add(value);
    std::ostringstream text;
    array.stringify(text);
    return text.str();
}

std::vector<std::string> stringsOf(const std::string& json) {
    std::vector<std::string> values;
    auto array = Poco::JSON::Parser().parse(json).extract<Poco::JSON::Array::Ptr>();
    for (std::size_t i = 0; i < array->size(); ++i) {
        values.push_back(array->getElement<std::string>(static_cast<unsigned>(i)));
    }
    return values;
}

domain::LeadImport toImport(const Row& row) {
    domain::LeadImport leadImport;
    leadImport.id = row.text("id");
    leadImport.organisationId = row.text("organisation_id");
    leadImport.campaignId = row.text("campaign_id");
    auto status = domain::leadImportStatusFromString(row.text("status"));
    if (!status) throw StorageError("unexpected import status: " + row.text("status"));
    leadImport.status = *status;
    leadImport.fileName = row.optionalText("file_name");
    leadImport.bytes = row.integer("bytes");
    leadImport.rowsTotal = row.integer("rows_total");
    leadImport.counts.rowsRead = row.integer("rows_read");
    leadImport.counts.added = row.integer("added");
    leadImport.counts.duplicates = row.integer("duplicates");
    leadImport.counts.rejected = row.integer("rejected");
    leadImport.columns = stringsOf(row.text("columns_json"));
    leadImport.ignoredColumns = stringsOf(row.text("ignored_columns_json"));
    leadImport.error = row.optionalText("error");
    leadImport.leaseOwner = row.optionalText("lease_owner");
    leadImport.leaseExpiresAt = row.optionalInteger("lease_expires_at");
    leadImport.runAfter = row.integer("run_after");
    leadImport.createdAt = row.integer("created_at");
    leadImport.updatedAt = row.integer("updated_at");
    leadImport.finishedAt = row.optionalInteger("finished_at");
    return leadImport;
}

}  // namespace

void SqlLeadImports::insert(const domain::LeadImport& leadImport) {
    Query(statements_,
          "INSERT INTO lead_imports (id, organisation_id, campaign_id, status, file_name, bytes, "
          "rows_total, rows_read, added, duplicates, rejected, columns_json, "
          "ignored_columns_json, error, run_after, created_at, updated_at) "
          "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        .bindAll(leadImport.id, leadImport.organisationId, leadImport.campaignId,
                 std::string(domain::toString(leadImport.status)), leadImport.fileName,
                 leadImport.bytes, leadImport.rowsTotal, leadImport.counts.rowsRead,
                 leadImport.counts.added, leadImport.counts.duplicates, leadImport.counts.rejected,
                 jsonArray(leadImport.columns), jsonArray(leadImport.ignoredColumns),
                 leadImport.error, leadImport.runAfter, leadImport.createdAt, leadImport.updatedAt)
        .execute();
}

std::optional<domain::LeadImport> SqlLeadImports::find(const std::string& id) {
    Query select(statements_,
                 std::string("SELECT ") + kColumns + " FROM lead_imports WHERE id = ?");
    return select.bind(id).firstRow(toImport);
}

std::vector<domain::LeadImport> SqlLeadImports::ofCampaign(const std::string& campaignId,
                                                           int limit) {
    Query select(statements_, std::string("SELECT ") + kColumns +
                                  " FROM lead_imports WHERE campaign_id = ? "
                                  "ORDER BY created_at DESC, id DESC LIMIT ?");
    std::vector<domain::LeadImport> imports;
    select.bindAll(campaignId, limit).forEachRow([&](const Row& row) {
        imports.push_back(toImport(row));
    });
    return imports;
}

void SqlLeadImports::keepRows(const std::string& importId,
                              const std::vector<domain::LeadImportRow>& rows) {
    for (const auto& row : rows) {
        Query(statements_,
              "INSERT INTO lead_import_rows (import_id, line, cells_json) VALUES (?, ?, ?)")
            .bindAll(importId, row.line, row.cellsJson)
            .execute();
    }
}

void SqlLeadImports::addRejections(const std::string& importId,
                                   const std::vector<domain::ImportRejection>& rejections) {
    // A row may have several; each gets the next number of its line.
    std::int64_t lastLine = -1;
    int sequence = 0;
    for (const auto& rejection : rejections) {
        sequence = rejection.line == lastLine ? sequence + 1 : 0;
        lastLine = rejection.line;
        Query(statements_,
              "INSERT INTO lead_import_rejections (import_id, line, sequence, field, error) "
              "VALUES (?, ?, ?, ?, ?)")
            .bindAll(importId, rejection.line, sequence, rejection.field, rejection.error)
            .execute();
    }
}

void SqlLeadImports::saveReceived(const domain::LeadImport& leadImport, Timestamp now) {
    Query(statements_,
          "UPDATE lead_imports SET status = ?, bytes = ?, rows_total = ?, rows_read = ?, "
          "rejected = ?, columns_json = ?, ignored_columns_json = ?, error = ?, "
          "finished_at = ?, updated_at = ? WHERE id = ?")
        .bindAll(std::string(domain::toString(leadImport.status)), leadImport.bytes,
                 leadImport.rowsTotal, leadImport.counts.rowsRead, leadImport.counts.rejected,
                 jsonArray(leadImport.columns), jsonArray(leadImport.ignoredColumns),
                 leadImport.error, leadImport.finishedAt, now, leadImport.id)
        .execute();
}

void SqlLeadImports::dropRows(const std::string& importId) {
    Query(statements_, "DELETE FROM lead_import_rows WHERE import_id = ?").bind(importId).execute();
}

std::vector<domain::LeadImportRow> SqlLeadImports::nextRows(const std::string& importId,
                                                            int limit) {
    Query select(statements_,
                 "SELECT line, cells_json FROM lead_import_rows WHERE import_id = ? "
                 "ORDER BY line LIMIT ?");
    std::vector<domain::LeadImportRow> rows;
    select.bindAll(importId, limit).forEachRow([&](const Row& row) {
        rows.push_back({row.integer("line"), row.text("cells_json")});
    });
    return rows;
}

bool SqlLeadImports::holdsLease(const std::string& importId, const std::string& owner,
                                Timestamp now) {
    return Query(statements_,
                 "UPDATE lead_imports SET updated_at = ? WHERE id = ? AND lease_owner = ?")
               .bindAll(now, importId, owner)
               .execute() > 0;
}

void SqlLeadImports::addProgress(const std::string& importId, std::int64_t line,
                                 const domain::ImportCounts& more, Timestamp now) {
    Query(statements_,
          "UPDATE lead_imports SET rows_read = rows_read + ?, added = added + ?, "
          "duplicates = duplicates + ?, rejected = rejected + ?, updated_at = ? WHERE id = ?")
        .bindAll(more.rowsRead, more.added, more.duplicates, more.rejected, now, importId)
        .execute();
    Query(statements_, "DELETE FROM lead_import_rows WHERE import_id = ? AND line <= ?")
        .bindAll(importId, line)
        .execute();
}

std::vector<domain::ImportRejection> SqlLeadImports::rejections(const std::string& importId,
                                                                int limit) {
    Query select(statements_,
                 "SELECT line, field, error FROM lead_import_rejections WHERE import_id = ? "
                 "ORDER BY line, sequence LIMIT ?");
    std::vector<domain::ImportRejection> rejections;
    select.bindAll(importId, limit).forEachRow([&](const Row& row) {
        rejections.push_back({row.integer("line"), row.optionalText("field"), row.text("error")});
    });
    return rejections;
}

std::vector<std::string> SqlLeadImports::due(Timestamp now, int limit) {
    Query select(statements_,
                 "SELECT id FROM lead_imports WHERE status = 'queued' AND lease_owner IS NULL "
                 "AND run_after <= ? ORDER BY run_after, id LIMIT ?");
    std::vector<std::string> ids;
    select.bindAll(now, limit).forEachRow([&](const Row& row) { ids.push_back(row.text("id")); });
    return ids;
}

std::optional<Timestamp> SqlLeadImports::nextDue() {
    Query select(statements_,
                 "SELECT MIN(run_after) AS due FROM lead_imports WHERE status = 'queued' AND "
                 "lease_owner IS NULL");
    return select.firstRow([](const Row& row) { return row.optionalInteger("due"); })
        .value_or(std::nullopt);
}

bool SqlLeadImports::lease(const std::string& id, const std::string& owner, Timestamp until,
                           Timestamp now) {
    return Query(statements_,
                 "UPDATE lead_imports SET status = 'running', lease_owner = ?, "
                 "lease_expires_at = ?, updated_at = ? WHERE id = ? AND status = 'queued' AND "
                 "lease_owner IS NULL")
               .bindAll(owner, until, now, id)
               .execute() > 0;
}

bool SqlLeadImports::finishLease(const std::string& id, const std::string& owner,
                                 domain::LeadImportStatus status, Timestamp runAfter,
                                 Timestamp now) {
    const bool completed = status == domain::LeadImportStatus::Completed;
    return Query(statements_,
                 "UPDATE lead_imports SET status = ?, lease_owner = NULL, "
                 "lease_expires_at = NULL, run_after = ?, finished_at = ?, updated_at = ? "
                 "WHERE id = ? AND lease_owner = ?")
               .bindAll(std::string(domain::toString(status)), runAfter,
                        completed ? std::optional<std::int64_t>(now) : std::nullopt, now, id, owner)
               .execute() > 0;
}

bool SqlLeadImports::takeBack(const std::string& id, const std::string& owner, Timestamp expiresAt,
                              Timestamp now) {
    return Query(statements_,
                 "UPDATE lead_imports SET status = 'queued', lease_owner = NULL, "
                 "lease_expires_at = NULL, run_after = ?, updated_at = ? WHERE id = ? AND "
                 "lease_owner = ? AND lease_expires_at = ?")
               .bindAll(now, now, id, owner, expiresAt)
               .execute() > 0;
}

int SqlLeadImports::failStale(Timestamp staleBefore, Timestamp now) {
    std::vector<std::string> stale;
    Query select(statements_,
                 "SELECT id FROM lead_imports WHERE status = 'receiving' AND updated_at < ?");
    select.bind(staleBefore).forEachRow([&](const Row& row) { stale.push_back(row.text("id")); });
    for (const auto& id : stale) {
        dropRows(id);
        Query(statements_,
              "UPDATE lead_imports SET status = 'failed', error = ?, finished_at = ?, "
              "updated_at = ? WHERE id = ? AND status = 'receiving'")
            .bindAll(std::string("the file stopped arriving before its end (the upload was cut "
                                 "off); nothing of it was added: import it again"),
                     now, now, id)
            .execute();
    }
    return static_cast<int>(stale.size());
}

}  // namespace lodestone::storage::sql
