// The dispatcher's transactions: outcomes recorded in groups, together with the next claims.
#include <Poco/Logger.h>

#include <algorithm>
#include <thread>

#include "storage/StorageError.hpp"
#include "work/OutcomeLog.hpp"
#include "work/WorkerPool.hpp"

namespace lodestone::work {
namespace {

Poco::Logger& log() {
    return Poco::Logger::get("lodestone.work");
}

// How long a write about outcomes waits before trying again, growing to the longest.
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

}  // namespace

Claims WorkerPool::commit(std::vector<Finished>& finished, int room,
                          std::optional<Timestamp>& nextDue) {
    Claims claimed;
    std::vector<std::optional<Recorded>> outcomes;
    // A lease owner of this claim's own, so a late word from an earlier claim of the same item
    // by this process can never pass for this one.
    const std::string owner = room > 0 ? processOwner_ + ":" + std::to_string(++claims_) : "";
    try {
        const auto now = domain::nowMillis();
        store_.write([&](storage::Repositories& repositories) {
            outcomes.clear();
            claimed.clear();
            for (const auto& one : finished) {
                outcomes.push_back(kind_.record(repositories, *one.claim, one.outcome, now));
            }
            if (room <= 0) return;
            claimed = kind_.claim(repositories, {owner, room, now, now + settings_.lease.count()});
            if (static_cast<int>(claimed.size()) < room) nextDue = kind_.nextDue(repositories);
        });
    } catch (const std::exception& e) {
        claimed.clear();
        nextDue.reset();
        if (finished.empty()) {
            log().error("claiming %s work failed: %s", kind_.name(), std::string(e.what()));
        } else {
            log().warning("%s: recording %z outcomes failed, trying again one by one: %s",
                          kind_.name(), finished.size(), std::string(e.what()));
            outcomes = recordOneByOne(finished);
        }
    }
    for (std::size_t i = 0; i < finished.size(); ++i) recorded(finished[i], outcomes[i]);
    for (const auto& claim : claimed) {
        leases_.track(kind_.table(), claim->itemId, claim->owner, settings_.lease);
    }
    return claimed;
}

std::vector<std::optional<Recorded>> WorkerPool::recordOneByOne(
    const std::vector<Finished>& finished) {
    // A database that is briefly unavailable must not lose a finished attempt: each outcome is
    // tried again until it goes through, its lease is lost, or the lease's length has passed
    // (the rescuer then takes over). An outcome that fails for a reason of its own (the change
    // is refused, or some go through while it does not) is given up on at once: trying it again
    // cannot help, and would hold up the pool.
    std::vector<std::optional<Recorded>> outcomes(finished.size());
    std::vector<bool> open(finished.size(), true);
    const auto giveUpAt = std::chrono::steady_clock::now() + settings_.lease;
    auto pause = kFirstPause;
    while (true) {
        bool anyWent = false;
        struct Failure {
            std::size_t index;
            std::string error;
            bool mayPass;
        };
        std::vector<Failure> failures;
        for (std::size_t i = 0; i < finished.size(); ++i) {
            if (!open[i]) continue;
            const auto& one = finished[i];
            try {
                outcomes[i] = store_.write([&](storage::Repositories& repositories) {
                    return kind_.record(repositories, *one.claim, one.outcome, domain::nowMillis());
                });
                open[i] = false;
                anyWent = true;
            } catch (const std::exception& e) {
                failures.push_back({i, e.what(), mayPass(std::current_exception())});
            }
        }
        if (failures.empty()) return outcomes;
        const bool late = std::chrono::steady_clock::now() + pause >= giveUpAt;
        for (const auto& [i, error, transient] : failures) {
            const auto& claim = *finished[i].claim;
            if (!transient || anyWent || late ||
                !leases_.holds(kind_.table(), claim.itemId, claim.owner)) {
                log().error("%s: recording the outcome failed, giving up: %s", claim.describe(),
                            error);
                open[i] = false;
            } else {
                log().warning("%s: recording the outcome failed, trying again: %s",
                              claim.describe(), error);
            }
        }
        if (std::find(open.begin(), open.end(), true) == open.end()) return outcomes;
        std::this_thread::sleep_for(pause);
        pause = std::min(pause * 2, kLongestPause);
    }
}

void WorkerPool::recorded(const Finished& finished, const std::optional<Recorded>& written) {
    const Claim& claim = *finished.claim;
    const Outcome& outcome = finished.outcome;
    leases_.forget(kind_.table(), claim.itemId, claim.owner);
    if (!written) return;  // given up on, and said so
    const Recorded& recorded = *written;
    if (!recorded.held) {
        if (outcome.type != Outcome::Type::HandedBack) {
            log().warning("%s: ended but no longer held its lease; outcome dropped",
                          claim.describe());
        }
        return;
    }
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
}

}  // namespace lodestone::work
