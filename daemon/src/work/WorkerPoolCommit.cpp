// The dispatcher's transactions: outcomes recorded in groups, together with the next claim, and
// the writes that failed tried again without holding up the pool.
#include <Poco/Logger.h>

#include <algorithm>
#include <iterator>

#include "storage/StorageError.hpp"
#include "work/OutcomeLog.hpp"
#include "work/WorkerPool.hpp"

namespace lodestone::work {
namespace {

Poco::Logger& log() {
    return Poco::Logger::get("lodestone.work");
}

// How long a failed write of an outcome waits before its next try, growing to the longest.
constexpr std::chrono::milliseconds kFirstPause{50};
constexpr std::chrono::milliseconds kLongestPause{2'000};

// Whether writing again may go through: the database was busy, unreachable or short of
// something. A refused change (Conflict, NotFound) or a kind's own error would fail again.
bool mayPass(const std::exception_ptr& error) {
    try {
        std::rethrow_exception(error);
    } catch (const storage::Conflict&) {
        return false;
    } catch (const storage::NotFound&) {
        return false;
    } catch (const storage::StorageError&) {
        return true;
    } catch (...) {
        return false;
    }
}

std::string messageOf(const std::exception_ptr& error) {
    try {
        std::rethrow_exception(error);
    } catch (const std::exception& e) {
        return e.what();
    } catch (...) {
        return "an exception that is not a std::exception";
    }
}

}  // namespace

Claims WorkerPool::claim(storage::Repositories& repositories, int room, Timestamp now,
                         std::optional<Timestamp>& nextDue) {
    // A lease owner of this claim's own, so a late word from an earlier claim of the same item
    // by this process can never pass for this one.
    const std::string owner = processOwner_ + ":" + std::to_string(++claims_);
    Claims claimed = kind_.claim(repositories, {owner, room, now, now + settings_.lease.count()});
    if (static_cast<int>(claimed.size()) < room) nextDue = kind_.nextDue(repositories);
    return claimed;
}

Claims WorkerPool::commit(std::vector<Finished>& finished, int room,
                          std::optional<Timestamp>& nextDue) {
    Claims claimed;
    std::vector<Recorded> outcomes;
    try {
        store_.write([&](storage::Repositories& repositories) {
            const auto now = clock_.now();  // once the write lock is ours
            outcomes.clear();
            for (const auto& one : finished) {
                outcomes.push_back(kind_.record(repositories, *one.claim, one.outcome, now));
            }
            if (room > 0) claimed = claim(repositories, room, now, nextDue);
        });
    } catch (const std::exception& e) {
        claimed.clear();
        nextDue.reset();
        outcomes.clear();  // rolled back
        if (!finished.empty()) {
            // One bad outcome, or the claim, must not take the others down with it.
            log().warning(
                "%s: recording %z outcomes with the next claim failed (%s); writing "
                "them one by one",
                kind_.name(), finished.size(), std::string(e.what()));
            for (auto& one : finished) recordAlone(one);
        }
        if (room <= 0) return claimed;
        try {
            claimed = store_.write([&](storage::Repositories& repositories) {
                return claim(repositories, room, clock_.now(), nextDue);
            });
        } catch (const std::exception& again) {
            log().error("claiming %s work failed: %s", kind_.name(), std::string(again.what()));
        }
    }
    for (std::size_t i = 0; i < outcomes.size(); ++i) afterRecording(finished[i], outcomes[i]);
    for (const auto& claim : claimed) {
        leases_.track(kind_.table(), claim->itemId, claim->owner, settings_.lease);
    }
    return claimed;
}

void WorkerPool::recordAlone(Finished& finished) {
    // A database that is briefly unavailable must not lose a finished attempt: an outcome that
    // may be written later is tried again (in a later transaction of the dispatcher's, so the
    // pool goes on meanwhile) for as long as its lease is held and at most the lease's length;
    // after that the rescuer takes over. One that fails for a reason of its own (the change is
    // refused, the kind fails) would fail again: it is given up on at once.
    const Claim& claim = *finished.claim;
    std::exception_ptr error;
    try {
        auto recorded = store_.write([&](storage::Repositories& repositories) {
            return kind_.record(repositories, claim, finished.outcome, clock_.now());
        });
        afterRecording(finished, recorded);
        return;
    } catch (...) {
        error = std::current_exception();
    }
    const auto now = clock_.now();
    if (finished.pause.count() == 0) {
        finished.giveUpAt = now + settings_.lease.count();
        finished.pause = kFirstPause;
    }
    // A stop waits for no write past its grace: the lease then brings the item back.
    const auto giveUpAt = std::min(finished.giveUpAt, finishBy_.load());
    if (mayPass(error) && now + finished.pause.count() < giveUpAt &&
        leases_.holds(kind_.table(), claim.itemId, claim.owner)) {
        log().warning("%s: recording the outcome failed, trying again: %s", claim.describe(),
                      messageOf(error));
        finished.retryAt = now + finished.pause.count();
        finished.pause = std::min(finished.pause * 2, kLongestPause);
        retrying_.push_back(std::move(finished));
        return;
    }
    log().error(
        "%s: recording the outcome failed, giving up (its lease runs out and the item is "
        "taken back): %s",
        claim.describe(), messageOf(error));
    leases_.forget(kind_.table(), claim.itemId, claim.owner);
}

std::vector<WorkerPool::Finished> WorkerPool::dueRetries(Timestamp now) {
    std::vector<Finished> due;
    auto later = std::partition(retrying_.begin(), retrying_.end(),
                                [&](const Finished& one) { return one.retryAt > now; });
    std::move(later, retrying_.end(), std::back_inserter(due));
    retrying_.erase(later, retrying_.end());
    return due;
}

void WorkerPool::afterRecording(const Finished& finished, const Recorded& recorded) {
    const Claim& claim = *finished.claim;
    const Outcome& outcome = finished.outcome;
    leases_.forget(kind_.table(), claim.itemId, claim.owner);
    if (!recorded.held) {
        if (outcome.type != Outcome::Type::HandedBack) {
            log().warning("%s: ended but no longer held its lease; outcome dropped",
                          claim.describe());
        }
        return;
    }
    kind_.recorded(claim, outcome, recorded);
    switch (outcome.type) {
        case Outcome::Type::Succeeded:
            if (!recorded.note.empty()) {
                log().information("%s: %s", claim.describe(), recorded.note);
            }
            break;
        case Outcome::Type::Failed:
            log().warning("%s: %s; %s", claim.describe(), outcome.error,
                          whatComesNext(recorded.retryAt, outcome.retryable));
            if (recorded.retryAt) wake();  // to sleep until the retry is due
            break;
        case Outcome::Type::HandedBack:
            break;
    }
    if (recorded.next) wakeQueue_(*recorded.next);
    if (recorded.alsoNext) wakeQueue_(*recorded.alsoNext);
}

}  // namespace lodestone::work
