#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "domain/Time.hpp"

namespace lodestone::domain {

// Where an import of a list of leads stands (docs/lists.md). The database enforces the same set.
enum class LeadImportStatus {
    Receiving,  // its file is arriving; its rows are being kept
    Queued,     // kept whole, waiting for its turn (or for its next slice of rows)
    Running,    // rows are being added
    Completed,  // every row is accounted for: added, a duplicate or rejected
    Failed,     // the file was refused part-way (a limit, a cut-off upload); see error
};

std::string_view toString(LeadImportStatus status);
std::optional<LeadImportStatus> leadImportStatusFromString(std::string_view text);

// What became of the rows so far.
struct ImportCounts {
    std::int64_t rowsRead = 0;  // rows taken from the file and accounted for below
    std::int64_t added = 0;
    std::int64_t duplicates = 0;  // the campaign had the address already: counted, not an error
    std::int64_t rejected = 0;    // rows with at least one error (ImportRejection)
};

// One CSV file of leads imported into a campaign. Its rows are kept (LeadImportRow) from the
// moment the file arrives until each is added, so that the import survives a restart and
// resumes where it stopped; its rows are deleted as they are added, leaving the counts.
struct LeadImport {
    std::string id;
    std::string organisationId;
    std::string campaignId;
    LeadImportStatus status = LeadImportStatus::Receiving;
    std::optional<std::string> fileName;
    std::int64_t bytes = 0;
    std::int64_t rowsTotal = 0;  // the file's rows (known once it has arrived)
    ImportCounts counts;
    // The header's columns that are Add Lead fields, in the file's order, and those that are not
    // (reported once, not per row).
    std::vector<std::string> columns;
    std::vector<std::string> ignoredColumns;
    std::optional<std::string> error;
    std::optional<std::string> leaseOwner;
    std::optional<Timestamp> leaseExpiresAt;
    Timestamp runAfter = 0;
    Timestamp createdAt = 0;
    Timestamp updatedAt = 0;
    std::optional<Timestamp> finishedAt;
};

// A row kept until it is added: its cells under `columns`, as JSON text (an array of strings).
struct LeadImportRow {
    std::int64_t line = 0;
    std::string cellsJson;
};

// Why a row was not added: the line it starts on, the column (the header's name, none for the
// row as a whole) and the message Add Lead would give.
struct ImportRejection {
    std::int64_t line = 0;
    std::optional<std::string> field;
    std::string error;
};

}  // namespace lodestone::domain
