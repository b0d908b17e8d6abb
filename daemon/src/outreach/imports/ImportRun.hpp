#pragma once

#include <stdexcept>
#include <string>

#include "domain/Clock.hpp"
#include "domain/LeadImports.hpp"
#include "outreach/imports/ImportSettings.hpp"
#include "storage/Store.hpp"

namespace lodestone::outreach::imports {

// The import's lease is no longer this owner's: another process took it over (this one hung
// or lost the database for longer than the lease). Nothing more is written.
class ImportLeaseLost : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// What one slice of an import came to.
struct SliceResult {
    domain::ImportCounts added;  // this slice's rows only
    bool finished = false;       // no row is left
};

// Adds up to pace.sliceRows of an import's kept rows that `owner` holds the lease of, a batch
// per transaction: each row is checked exactly as Add Lead checks a body (each error a
// rejection naming its column), added as Add Lead adds a lead (researched and scored), or
// counted as a duplicate when the campaign has the address. The batch's rows go and the counts
// move in the same transaction, so a crash loses no row and adds none twice. `jobsQueued` is
// called after each batch that queued research, so the pipeline starts on them at once.
// ImportLeaseLost when the lease has changed hands.
SliceResult addSlice(storage::Store& store, const std::string& importId, const std::string& owner,
                     const ImportPace& pace, int maxRetries, const domain::Clock& clock,
                     const std::function<void()>& jobsQueued = nullptr);

}  // namespace lodestone::outreach::imports
