#include "outreach/imports/ImportReceiver.hpp"

#include <Poco/JSON/Array.h>

#include <functional>
#include <set>
#include <sstream>

#include "csv/CsvReader.hpp"
#include "domain/Ids.hpp"
#include "domain/Utf8Text.hpp"
#include "outreach/addlead/LeadColumns.hpp"
#include "storage/LeadImportRepository.hpp"
#include "storage/StorageError.hpp"

namespace lodestone::outreach::imports {
namespace {

// Add Lead's required fields: a file without one of these columns could add no row.
constexpr const char* kRequiredColumns[] = {"companyName", "contactName", "email"};

// The header as the import reads it: which cells of a row are kept, under which column.
struct Header {
    std::vector<std::size_t> kept;  // indexes of the Add Lead columns
    std::vector<std::string> columns;
    std::vector<std::string> ignored;
    std::size_t width = 0;
};

Header readHeader(const csv::Record& record, const ImportLimits& limits) {
    // The reader keeps one field past the limit, so that a header past it is seen as such.
    if (record.fields.size() > static_cast<std::size_t>(limits.maxColumns)) {
        throw ImportRefused(400, "The header has more than " + std::to_string(limits.maxColumns) +
                                     " columns; at most " + std::to_string(limits.maxColumns) +
                                     " are allowed (imports.max_columns)");
    }
    if (record.problem) {
        throw ImportRefused(
            400, "The header row (line " + std::to_string(record.line) + ") " + *record.problem);
    }
    Header header;
    header.width = record.fields.size();
    std::set<std::string> seen;
    for (std::size_t i = 0; i < record.fields.size(); ++i) {
        const std::string& name = record.fields[i];
        if (domain::firstInvalidUtf8(name) != domain::kNoInvalidUtf8) {
            throw ImportRefused(400, "The header's column " + std::to_string(i + 1) +
                                         " is not UTF-8: save the file as UTF-8 (CSV UTF-8)");
        }
        auto column = leadColumn(name);
        if (!column) {
            if (!name.empty()) header.ignored.push_back(name);
            continue;
        }
        if (!seen.insert(column->header).second) {
            throw ImportRefused(400, "The header names column " + column->header + " twice");
        }
        header.kept.push_back(i);
        header.columns.push_back(column->header);
    }
    std::vector<std::string> missing;
    for (const char* required : kRequiredColumns) {
        if (!seen.contains(required)) missing.emplace_back(required);
    }
    if (!missing.empty()) {
        std::string list;
        for (const auto& name : missing) list += (list.empty() ? "" : ", ") + name;
        throw ImportRefused(400, "The header has no " + list +
                                     " column; every row needs companyName, contactName and "
                                     "email (the first row of the file names the columns)");
    }
    return header;
}

// Rows kept or rejected since the last flush.
struct Pending {
    std::vector<domain::LeadImportRow> rows;
    std::vector<domain::ImportRejection> rejections;
    std::int64_t rejectedRows = 0;
};

// A record as a kept row, or its rejections.
void take(const csv::Record& record, const Header& header, Pending& pending) {
    auto columnOf = [&](std::size_t index) -> std::optional<std::string> {
        for (std::size_t k = 0; k < header.kept.size(); ++k) {
            if (header.kept[k] == index) return header.columns[k];
        }
        return std::nullopt;
    };
    auto reject = [&](std::optional<std::string> field, std::string error) {
        pending.rejections.push_back({record.line, std::move(field), std::move(error)});
    };
    const std::size_t before = pending.rejections.size();
    if (record.problem) {
        reject(record.problemField ? columnOf(*record.problemField) : std::nullopt,
               *record.problem);
    } else if (record.fields.size() > header.width) {
        reject(std::nullopt, "has " + std::to_string(record.fields.size()) +
                                 " cells; the header has " + std::to_string(header.width));
    } else {
        for (std::size_t k = 0; k < header.kept.size(); ++k) {
            const std::size_t index = header.kept[k];
            if (index < record.fields.size() &&
                domain::firstInvalidUtf8(record.fields[index]) != domain::kNoInvalidUtf8) {
                reject(header.columns[k], "is not UTF-8: save the file as UTF-8 (CSV UTF-8)");
            }
        }
    }
    if (pending.rejections.size() > before) {
        ++pending.rejectedRows;
        return;
    }
    Poco::JSON::Array cells;
    for (std::size_t index : header.kept) {
        cells.add(index < record.fields.size() ? record.fields[index] : std::string());
    }
    std::ostringstream json;
    cells.stringify(json);
    pending.rows.push_back({record.line, json.str()});
}

class Receiving {
  public:
    Receiving(storage::Store& store, domain::LeadImport& leadImport, const domain::Clock& clock)
        : store_(store), import_(leadImport), clock_(clock) {}

    // `also`: more to write in the same transaction.
    void flush(Pending& pending,
               const std::function<void(storage::Repositories&)>& also = nullptr) {
        import_.counts.rejected += pending.rejectedRows;
        import_.counts.rowsRead += pending.rejectedRows;
        store_.write([&](storage::Repositories& repositories) {
            auto& imports = repositories.leadImports();
            imports.keepRows(import_.id, pending.rows);
            imports.addRejections(import_.id, pending.rejections);
            imports.saveReceived(import_, clock_.now());
            if (also) also(repositories);
        });
        pending = {};
    }

    // The file is refused part-way: the import fails, and keeps none of its rows.
    [[noreturn]] void refuse(int status, const std::string& message) {
        import_.status = domain::LeadImportStatus::Failed;
        import_.error = message;
        import_.finishedAt = clock_.now();
        store_.write([&](storage::Repositories& repositories) {
            repositories.leadImports().dropRows(import_.id);
            repositories.leadImports().saveReceived(import_, clock_.now());
        });
        throw ImportRefused(status, message, import_.id);
    }

  private:
    storage::Store& store_;
    domain::LeadImport& import_;
    const domain::Clock& clock_;
};

void readRows(csv::Reader& reader, csv::Record& record, const Header& header,
              const ImportLimits& limits, const ImportPace& pace, domain::LeadImport& leadImport,
              Receiving& receiving, Pending& pending) {
    const auto tooLarge = [&] {
        return "The file is larger than " + std::to_string(limits.maxFileBytes) +
               " bytes (imports.max_file_bytes): split it, or raise the limit";
    };
    do {
        leadImport.bytes = reader.bytesRead();
        if (leadImport.bytes > limits.maxFileBytes) receiving.refuse(413, tooLarge());
        if (++leadImport.rowsTotal > limits.maxRows) {
            receiving.refuse(413, "The file has more than " + std::to_string(limits.maxRows) +
                                      " rows (imports.max_rows): split it, or raise the limit");
        }
        take(record, header, pending);
        if (static_cast<int>(pending.rows.size() + pending.rejections.size()) >= pace.batchRows) {
            receiving.flush(pending);
        }
    } while (reader.next(record));
    leadImport.bytes = reader.bytesRead();
    if (leadImport.bytes > limits.maxFileBytes) receiving.refuse(413, tooLarge());
}

}  // namespace

domain::LeadImport receiveImport(storage::Store& store, const domain::Campaign& campaign,
                                 std::istream& file, const ImportLimits& limits,
                                 const ImportPace& pace, const domain::Clock& clock,
                                 const ReceiveOptions& options) {
    csv::Reader reader(file, {static_cast<std::size_t>(limits.maxFieldBytes),
                              static_cast<std::size_t>(limits.maxColumns) + 1});
    csv::Record record;
    if (!reader.next(record)) {
        throw ImportRefused(400,
                            "The file is empty: its first row must name the columns "
                            "(companyName, contactName, email, ...)");
    }
    const Header header = readHeader(record, limits);
    if (!reader.next(record)) {
        throw ImportRefused(400, "The file has a header but no rows under it");
    }

    domain::LeadImport leadImport;
    leadImport.id = domain::newId(domain::IdKind::LeadImport);
    leadImport.organisationId = campaign.organisationId;
    leadImport.campaignId = campaign.id;
    leadImport.status = domain::LeadImportStatus::Receiving;
    leadImport.fileName = options.fileName;
    leadImport.columns = header.columns;
    leadImport.ignoredColumns = header.ignored;
    leadImport.createdAt = leadImport.updatedAt = leadImport.runAfter = clock.now();
    store.write([&](storage::Repositories& repositories) {
        repositories.leadImports().insert(leadImport);
    });

    Receiving receiving(store, leadImport, clock);
    Pending pending;
    try {
        readRows(reader, record, header, limits, pace, leadImport, receiving, pending);
    } catch (const ImportRefused&) {
        throw;
    } catch (const storage::StorageError&) {
        throw;  // the database's trouble, not the file's: it stays receiving until found stale
    } catch (const std::exception& stopped) {
        // The connection dropped, or its body was malformed: what arrived is not the file.
        receiving.refuse(400, std::string("The file stopped arriving before its end (") +
                                  stopped.what() + "); nothing of it was added");
    }
    if (options.expectedBytes && leadImport.bytes != *options.expectedBytes) {
        receiving.refuse(400, "The file ended after " + std::to_string(leadImport.bytes) +
                                  " of the " + std::to_string(*options.expectedBytes) +
                                  " bytes announced; nothing of it was added");
    }

    // The last rows, the queueing and a holder's lease are one transaction: an import is queued
    // whole or not at all, and one held for its receiver is never seen unheld.
    leadImport.status = domain::LeadImportStatus::Queued;
    receiving.flush(pending, [&](storage::Repositories& repositories) {
        if (options.holder) {
            repositories.leadImports().lease(leadImport.id, *options.holder, options.holdUntil,
                                             clock.now());
        }
    });
    if (options.holder) {
        leadImport.status = domain::LeadImportStatus::Running;
        leadImport.leaseOwner = options.holder;
    }
    return leadImport;
}

}  // namespace lodestone::outreach::imports
