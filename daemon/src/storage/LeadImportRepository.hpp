#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/LeadImports.hpp"

namespace lodestone::storage {

using domain::Timestamp;

// Imports of lists of leads (docs/lists.md): the import, the rows it keeps until they are
// added, and the rows it rejected. An import being worked on is leased, like a job: every write
// of its progress is guarded by the lease, so an owner that lost it (it hung, or its host died
// and another took over) changes nothing.
class LeadImportRepository {
  public:
    virtual ~LeadImportRepository() = default;
    virtual void insert(const domain::LeadImport& leadImport) = 0;
    virtual std::optional<domain::LeadImport> find(const std::string& id) = 0;
    // A campaign's imports, newest first; at most `limit`.
    virtual std::vector<domain::LeadImport> ofCampaign(const std::string& campaignId,
                                                       int limit) = 0;

    // While its file arrives: rows kept, rows rejected, and how far it has come (bytes,
    // rowsTotal, counts, status, error, finishedAt as `leadImport` has them).
    virtual void keepRows(const std::string& importId,
                          const std::vector<domain::LeadImportRow>& rows) = 0;
    virtual void addRejections(const std::string& importId,
                               const std::vector<domain::ImportRejection>& rejections) = 0;
    virtual void saveReceived(const domain::LeadImport& leadImport, Timestamp now) = 0;
    // Drops the rows an import kept (a file refused part-way leaves none behind).
    virtual void dropRows(const std::string& importId) = 0;

    // The rows still to add, in the file's order; at most `limit`.
    virtual std::vector<domain::LeadImportRow> nextRows(const std::string& importId, int limit) = 0;
    // Whether `owner` still holds the import's lease; on PostgreSQL the import's row is locked
    // to the end of the transaction, so that two holders (one that lost the lease and does not
    // know it yet) never work on the same rows at once.
    virtual bool holdsLease(const std::string& importId, const std::string& owner,
                            Timestamp now) = 0;
    // Rows up to `line` were added or rejected: they go, and `more` is added to the counts.
    virtual void addProgress(const std::string& importId, std::int64_t line,
                             const domain::ImportCounts& more, Timestamp now) = 0;
    // The rejections of an import in line order, from the first; at most `limit`.
    virtual std::vector<domain::ImportRejection> rejections(const std::string& importId,
                                                            int limit) = 0;

    // Queued imports due by `now`, oldest first; at most `limit`.
    virtual std::vector<std::string> due(Timestamp now, int limit) = 0;
    // When the next queued import is due; none when none waits.
    virtual std::optional<Timestamp> nextDue() = 0;
    // Leases a queued, unleased import to `owner` until `until`; running from now. False when
    // another took it first.
    virtual bool lease(const std::string& id, const std::string& owner, Timestamp until,
                       Timestamp now) = 0;
    // Ends the owner's lease: Completed (finishedAt now), or Queued again from `runAfter` (rows
    // remain). False when the lease was no longer the owner's.
    virtual bool finishLease(const std::string& id, const std::string& owner,
                             domain::LeadImportStatus status, Timestamp runAfter,
                             Timestamp now) = 0;
    // Takes a lost lease back (held by `owner`, expiring at `expiresAt`): queued at once, to
    // resume after its last saved row. False when it changed hands meanwhile.
    virtual bool takeBack(const std::string& id, const std::string& owner, Timestamp expiresAt,
                          Timestamp now) = 0;
    // Imports still receiving whose file stopped arriving before `staleBefore` (the upload was
    // cut off, or its process died): failed, their kept rows dropped. How many.
    virtual int failStale(Timestamp staleBefore, Timestamp now) = 0;
};

}  // namespace lodestone::storage
