#include "outreach/imports/ImportQueue.hpp"

#include "outreach/imports/ImportRun.hpp"
#include "storage/LeadImportRepository.hpp"

namespace lodestone::outreach::imports {
namespace {

// A slice that failed (the database was away) is tried again after this.
constexpr work::Timestamp kRetryAfterMs = 10'000;

struct ClaimedImport final : work::Claim {
    std::string describe() const override { return "import " + itemId; }
    bool finished = false;
};

}  // namespace

storage::LeaseRepository& ImportTable::leases(storage::Repositories& repositories) {
    return repositories.importLeases();
}

work::Rescue ImportTable::rescue(storage::Repositories& repositories,
                                 const storage::HeldLease& lease, work::LostBecause,
                                 work::Timestamp now) {
    work::Rescue rescue;
    rescue.subject = "import " + lease.id;
    rescue.error = "the process adding its rows stopped; it resumes after the last row recorded";
    rescue.recorded.held =
        repositories.leadImports().takeBack(lease.id, lease.owner, lease.expiresAt, now);
    if (rescue.recorded.held) rescue.recorded.retryAt = now;
    return rescue;
}

ImportQueue::ImportQueue(storage::Store& store, const domain::Clock& clock, ImportWork work)
    : store_(store), clock_(clock), work_(std::move(work)) {}

work::Claims ImportQueue::claim(storage::Repositories& repositories,
                                const work::ClaimRequest& request) {
    auto& imports = repositories.leadImports();
    // Uploads cut off (their process died mid-file) fail here, on whichever host looks first.
    imports.failStale(request.now - work_.pace.staleUpload.count(), request.now);
    work::Claims claimed;
    for (const auto& id : imports.due(request.now, request.limit)) {
        if (!imports.lease(id, request.owner, request.leaseUntil, request.now)) continue;
        auto one = std::make_unique<ClaimedImport>();
        one->itemId = id;
        one->owner = request.owner;
        claimed.push_back(std::move(one));
    }
    return claimed;
}

std::optional<work::Timestamp> ImportQueue::nextDue(storage::Repositories& repositories) {
    return repositories.leadImports().nextDue();
}

work::Prepared ImportQueue::prepare(work::Claim& claim,
                                    const std::shared_ptr<plugins::RunControl>&) {
    auto& claimed = static_cast<ClaimedImport&>(claim);
    return {[this, &claimed] {
                auto slice = addSlice(store_, claimed.itemId, claimed.owner, work_.pace,
                                      work_.maxRetries, clock_, work_.jobsQueued);
                claimed.finished = slice.finished;
                return std::to_string(slice.added.rowsRead) + " rows";
            },
            {}};
}

work::Outcome ImportQueue::conclude(work::Claim&, const work::CallEnd& end,
                                    const plugins::RunControl&) {
    if (end.how != work::CallEnding::Finished) {
        return work::Outcome::failed("the slice of rows did not finish in time");
    }
    if (end.error) {
        try {
            std::rethrow_exception(end.error);
        } catch (const std::exception& failed) {
            return work::Outcome::failed(failed.what());
        }
    }
    return work::Outcome::succeeded();
}

work::Recorded ImportQueue::record(storage::Repositories& repositories, const work::Claim& claim,
                                   const work::Outcome& outcome, work::Timestamp now) {
    const auto& claimed = static_cast<const ClaimedImport&>(claim);
    work::Recorded recorded;
    const bool done = outcome.type == work::Outcome::Type::Succeeded && claimed.finished;
    // Rows left (a slice ended, a stop came, the slice failed): queued for the next slice, at
    // once unless the slice failed. Its rows recorded so far stay recorded either way.
    const auto runAfter = outcome.type == work::Outcome::Type::Failed ? now + kRetryAfterMs : now;
    recorded.held = repositories.leadImports().finishLease(
        claim.itemId, claim.owner,
        done ? domain::LeadImportStatus::Completed : domain::LeadImportStatus::Queued, runAfter,
        now);
    if (!recorded.held) return recorded;
    if (!done) {
        recorded.retryAt = runAfter;
        recorded.next = name_;
    }
    return recorded;
}

}  // namespace lodestone::outreach::imports
