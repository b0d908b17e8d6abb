#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "storage/LeaseRepository.hpp"
#include "storage/StorageError.hpp"
#include "storage/Store.hpp"
#include "work/WorkKind.hpp"

// A kind of work that lives in memory, for the engine's own tests: what each item's call does is
// scripted, and everything the engine asks of the kind is written down.
namespace lodestone::work::test {

// A store that numbers its write transactions, so that a test can tell which calls shared one.
class CountingStore final : public storage::Store {
  public:
    explicit CountingStore(storage::Store& inner) : inner_(inner) {}
    void migrate(const domain::Clock& clock) override { inner_.migrate(clock); }
    int schemaVersion() override { return inner_.schemaVersion(); }
    int latestSchemaVersion() const override { return inner_.latestSchemaVersion(); }
    std::string description() const override { return inner_.description(); }
    WriteStats writeStats() const override { return inner_.writeStats(); }
    // The write transaction the calling thread is in (0: none).
    int currentWrite() const { return current_; }
    int writes() const { return writes_.load(); }

  protected:
    void withRepositories(bool writing,
                          const std::function<void(storage::Repositories&)>& work) override {
        if (!writing) return inner_.read(work);
        inner_.write([&](storage::Repositories& repositories) {
            current_ = ++writes_;
            try {
                work(repositories);
            } catch (...) {
                current_ = 0;
                throw;
            }
            current_ = 0;
        });
    }

  private:
    storage::Store& inner_;
    std::atomic<int> writes_{0};
    static thread_local int current_;
};
inline thread_local int CountingStore::current_ = 0;

// What an item's call does.
struct Script {
    std::string output = "ok";
    bool throws = false;
    // While it holds false, the call runs on: the test, not the clock, decides when it returns.
    std::shared_ptr<std::atomic<bool>> released;
    bool untilCancelled = false;     // returns once the call is cancelled
    std::optional<Outcome> decided;  // no call at all
    bool recordThrows = false;       // its outcome cannot be written
    // While it holds false, every write of its outcome finds the database busy: the test, not
    // the clock, decides when the outcome can be written.
    std::shared_ptr<std::atomic<bool>> writable;
    std::optional<std::string> next;   // the queue it moves to on success
    std::optional<Timestamp> retryAt;  // when a failure comes back

    Script& answers(std::string text) { return output = std::move(text), *this; }
    Script& throwing() { return throws = true, *this; }
    Script& runningUntil(std::shared_ptr<std::atomic<bool>> gate) {
        return released = std::move(gate), *this;
    }
    Script& runningUntilCancelled() { return untilCancelled = true, *this; }
    Script& decidedAs(Outcome outcome) { return decided = std::move(outcome), *this; }
    Script& unrecordable() { return recordThrows = true, *this; }
    Script& busyUntil(std::shared_ptr<std::atomic<bool>> gate) {
        return writable = std::move(gate), *this;
    }
    Script& movingTo(std::string queue) { return next = std::move(queue), *this; }
    Script& retriedAt(Timestamp at) { return retryAt = at, *this; }
};

// Leases that live in memory: every renewal holds, none ever expires.
class FakeLeases final : public storage::LeaseRepository {
  public:
    std::vector<std::string> renew(const std::string&, const std::vector<std::string>& ids,
                                   Timestamp) override {
        renewals += static_cast<int>(ids.size());
        return ids;
    }
    std::vector<storage::HeldLease> expired(Timestamp, int) override { return {}; }
    std::vector<storage::HeldLease> heldBy(const std::vector<std::string>&) override { return {}; }
    std::vector<std::string> owners() override { return {}; }

    std::atomic<int> renewals{0};
};

class FakeTable final : public LeaseTable {
  public:
    const std::string& name() const override { return name_; }
    storage::LeaseRepository& leases(storage::Repositories&) override { return leases_; }
    Rescue rescue(storage::Repositories&, const storage::HeldLease&, LostBecause,
                  Timestamp) override {
        return {};
    }
    int renewals() const { return leases_.renewals.load(); }

  private:
    const std::string name_ = "fake item";
    FakeLeases leases_;
};

struct FakeClaim final : Claim {
    std::string describe() const override { return "item " + itemId; }
    Script script;
};

// One thing the engine did with an item.
struct Event {
    std::string item;
    std::string what;  // "claimed", "succeeded", "failed: <error>", "handed back"
    int write = 0;     // the write transaction it happened in
};

class FakeKind final : public WorkKind {
  public:
    explicit FakeKind(CountingStore& store, std::string name = "fake")
        : store_(store), name_(std::move(name)) {}

    // Due at once, unless `at` says later.
    void add(const std::string& id, Script script = {}, Timestamp at = 0) {
        std::lock_guard lock(mutex_);
        queue_.push_back({id, std::move(script), at});
    }
    std::vector<Event> events() const {
        std::lock_guard lock(mutex_);
        return events_;
    }
    // The last thing recorded about `id`, or "" when nothing was.
    std::string outcomeOf(const std::string& id) const {
        std::lock_guard lock(mutex_);
        std::string last;
        for (const auto& event : events_) {
            if (event.item == id && event.what != "claimed") last = event.what;
        }
        return last;
    }
    bool wasClaimed(const std::string& id) const {
        std::lock_guard lock(mutex_);
        return std::any_of(events_.begin(), events_.end(), [&](const Event& event) {
            return event.item == id && event.what == "claimed";
        });
    }
    int running() const { return running_->load(); }
    // How many times the outcome of `id` (a script with a write gate) was tried.
    int writesTried(const std::string& id) const {
        std::lock_guard lock(mutex_);
        auto it = busyWrites_.find(id);
        return it == busyWrites_.end() ? 0 : it->second;
    }
    // How many claims the engine made of this kind, empty ones included.
    int claims() const { return claims_.load(); }
    // While held, a claim does not return: a database that stopped answering.
    void holdClaims(bool held) { claimsHeld_ = held; }
    // Claims waiting on the hold now.
    int heldClaims() const { return heldClaims_.load(); }

    const std::string& name() const override { return name_; }
    LeaseTable& table() override { return table_; }
    FakeTable& fakeTable() { return table_; }

    Claims claim(storage::Repositories&, const ClaimRequest& request) override {
        ++claims_;
        if (claimsHeld_) {
            ++heldClaims_;
            while (claimsHeld_) std::this_thread::sleep_for(std::chrono::milliseconds(1));
            --heldClaims_;
        }
        std::lock_guard lock(mutex_);
        Claims claimed;
        for (auto it = queue_.begin();
             it != queue_.end() && static_cast<int>(claimed.size()) < request.limit;) {
            if (it->at > request.now) {
                ++it;
                continue;
            }
            auto one = std::make_unique<FakeClaim>();
            one->itemId = it->id;
            one->owner = request.owner;
            one->script = it->script;
            events_.push_back({it->id, "claimed", store_.currentWrite()});
            claimed.push_back(std::move(one));
            it = queue_.erase(it);
        }
        return claimed;
    }

    std::optional<Timestamp> nextDue(storage::Repositories&) override {
        std::lock_guard lock(mutex_);
        std::optional<Timestamp> next;
        for (const auto& item : queue_) next = next ? std::min(*next, item.at) : item.at;
        return next;
    }

    Prepared prepare(Claim& claim, const std::shared_ptr<plugins::RunControl>& control) override {
        const auto& script = static_cast<FakeClaim&>(claim).script;
        if (script.decided) return {nullptr, *script.decided};
        // The call owns what it touches: one that overran may outlive the kind and the test.
        return {[script, control, running = running_] {
                    ++*running;
                    while ((script.released && !script.released->load()) ||
                           (script.untilCancelled && !control->cancelled())) {
                        std::this_thread::sleep_for(std::chrono::milliseconds(1));
                    }
                    --*running;
                    if (script.throws) throw std::runtime_error("scripted failure");
                    return script.output;
                },
                {}};
    }

    Outcome conclude(Claim&, const CallEnd& end, const plugins::RunControl&) override {
        switch (end.how) {
            case CallEnding::Overran:
                return Outcome::failed("overran");
            case CallEnding::Interrupted:
                return Outcome::handedBack();
            case CallEnding::Finished:
                break;
        }
        if (end.error) return Outcome::failed("threw");
        return end.output == "ok" ? Outcome::succeeded() : Outcome::failed(end.output);
    }

    Recorded record(storage::Repositories&, const Claim& claim, const Outcome& outcome,
                    Timestamp) override {
        const auto& script = static_cast<const FakeClaim&>(claim).script;
        if (script.recordThrows) throw std::runtime_error("cannot write this one");
        if (script.writable) {
            std::lock_guard lock(mutex_);
            ++busyWrites_[claim.itemId];
            if (!script.writable->load()) throw storage::StorageError("database is locked");
        }
        Recorded recorded;
        recorded.held = true;
        std::string what = outcome.type == Outcome::Type::Succeeded ? "succeeded"
                           : outcome.type == Outcome::Type::Failed  ? "failed: " + outcome.error
                                                                    : "handed back";
        if (outcome.type == Outcome::Type::Succeeded) recorded.next = script.next;
        if (outcome.type == Outcome::Type::Failed && script.retryAt) {
            recorded.retryAt = script.retryAt;
            Script again = script;
            again.output = "ok";
            again.retryAt.reset();
            add(claim.itemId, again, *script.retryAt);
        }
        std::lock_guard lock(mutex_);
        events_.push_back({claim.itemId, what, store_.currentWrite()});
        return recorded;
    }

  private:
    struct Item {
        std::string id;
        Script script;
        Timestamp at = 0;
    };

    CountingStore& store_;
    std::string name_;
    FakeTable table_;
    mutable std::mutex mutex_;
    std::deque<Item> queue_;
    std::vector<Event> events_;
    std::map<std::string, int> busyWrites_;  // writes of each item's outcome tried so far
    std::shared_ptr<std::atomic<int>> running_ = std::make_shared<std::atomic<int>>(0);
    std::atomic<int> claims_{0};
    std::atomic<int> heldClaims_{0};
    std::atomic<bool> claimsHeld_{false};
};

}  // namespace lodestone::work::test
