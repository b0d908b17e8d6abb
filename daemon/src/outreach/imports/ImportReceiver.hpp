#pragma once

#include <istream>
#include <optional>
#include <stdexcept>
#include <string>

#include "domain/Clock.hpp"
#include "domain/LeadImports.hpp"
#include "domain/Records.hpp"
#include "outreach/imports/ImportSettings.hpp"
#include "storage/Store.hpp"

namespace lodestone::outreach::imports {

// A file refused as a whole (HTTP status and a message that says what to change). Nothing of
// it was added; when an import had been started, it says so (failed, with the same message).
class ImportRefused : public std::runtime_error {
  public:
    ImportRefused(int status, const std::string& message, std::optional<std::string> importId = {})
        : std::runtime_error(message), status_(status), importId_(std::move(importId)) {}
    int status() const { return status_; }
    const std::optional<std::string>& importId() const { return importId_; }

  private:
    int status_;
    std::optional<std::string> importId_;
};

struct ReceiveOptions {
    std::optional<std::string> fileName;
    // The size the sender announced (Content-Length): a file that ends short of it was cut off.
    std::optional<std::int64_t> expectedBytes;
    // Set by a process that adds the rows itself (lodestonectl): the import is leased to this
    // owner until `holdUntil` as it is queued, so that no daemon takes it meanwhile.
    std::optional<std::string> holder;
    domain::Timestamp holdUntil = 0;
};

// Reads a CSV file of leads as it arrives and keeps its rows for `campaign`: the header is
// checked first (every column Add Lead requires, no column twice, at most maxColumns), then
// each record is kept, or rejected at once when it cannot be read (an unclosed quote, a field
// past maxFieldBytes, bytes that are not UTF-8, more cells than the header). Rows are kept a
// batch per transaction, so memory does not grow with the file. Returns the import, queued.
// ImportRefused for an empty file, a header with no rows, a bad header, or a file past
// maxFileBytes or maxRows (the import, if started, fails and keeps no row).
domain::LeadImport receiveImport(storage::Store& store, const domain::Campaign& campaign,
                                 std::istream& file, const ImportLimits& limits,
                                 const ImportPace& pace, const domain::Clock& clock,
                                 const ReceiveOptions& options = {});

}  // namespace lodestone::outreach::imports
