#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "KeyStoreFixture.hpp"
#include "auth/ApiKeyCache.hpp"
#include "auth/KeyUseLog.hpp"
#include "storage/ApiKeyRepository.hpp"
#include "support/ManualClock.hpp"

using namespace lodestone;
using namespace std::chrono_literals;
using auth::test::kT0;

namespace {

// The thread is not started: each test writes with flush() or stop() itself.
class KeyUseLog : public auth::test::KeyStoreFixture {
  protected:
    std::optional<domain::Timestamp> lastUsed(const domain::ApiKey& key) {
        return store_->read([&](storage::Repositories& r) { return r.apiKeys().find(key.id); })
            ->lastUsedAt;
    }
};

TEST_F(KeyUseLog, ManyUsesOfAKeyAreOneWriteOfTheLatest) {
    auto used = issueKey();
    auto unused = issueKey();
    auth::KeyUseLog log(*store_, 1h);
    log.note(used.record.id, kT0 + 20);
    log.note(used.record.id, kT0 + 30);
    log.note(used.record.id, kT0 + 10);  // requests finish out of order
    EXPECT_EQ(lastUsed(used.record), std::nullopt) << "nothing written before a flush";
    EXPECT_EQ(log.flush(), 1u);
    EXPECT_EQ(lastUsed(used.record), kT0 + 30);
    EXPECT_EQ(lastUsed(unused.record), std::nullopt);
    EXPECT_EQ(log.flush(), 0u) << "nothing new to write";
}

TEST_F(KeyUseLog, AnEarlierTimeNeverMovesTheLastUseBack) {
    auto key = issueKey();
    auth::KeyUseLog log(*store_, 1h);
    log.note(key.record.id, kT0 + 100);
    log.flush();
    // Another process (lodestonectl, a second host) noted an older use and writes it after.
    log.note(key.record.id, kT0 + 50);
    log.flush();
    EXPECT_EQ(lastUsed(key.record), kT0 + 100);
}

TEST_F(KeyUseLog, StopWritesWhatIsLeftAndAnUnknownKeyIsSkipped) {
    auto key = issueKey();
    {
        auth::KeyUseLog log(*store_, 1h);
        log.start();
        log.note("key_gone", kT0 + 5);
        log.note(key.record.id, kT0 + 7);
        log.stop();
    }
    EXPECT_EQ(lastUsed(key.record), kT0 + 7);
}

// Another process holds SQLite's write lock while the log writes through a store that waits
// 100 ms for it.
TEST_F(KeyUseLog, AWriteTheDatabaseRefusesIsKeptForTheNextButNotPastStop) {
    auto key = issueKey();
    auto& file = dynamic_cast<storage::test::SqliteDatabase&>(database());
    auto options = file.options();
    options.busyTimeout = 100ms;
    auto impatient = storage::openStore(options);
    auto other = file.session();
    auth::KeyUseLog log(*impatient, 1h);

    log.note(key.record.id, kT0 + 3);
    other << "BEGIN IMMEDIATE", Poco::Data::Keywords::now;
    EXPECT_EQ(log.flush(), 0u);
    other << "ROLLBACK", Poco::Data::Keywords::now;
    EXPECT_EQ(log.flush(), 1u) << "kept, and written once the database takes writes again";
    EXPECT_EQ(lastUsed(key.record), kT0 + 3);

    log.note(key.record.id, kT0 + 9);
    other << "BEGIN IMMEDIATE", Poco::Data::Keywords::now;
    log.stop();
    other << "ROLLBACK", Poco::Data::Keywords::now;
    EXPECT_EQ(log.flush(), 0u) << "given up at stop: nothing is left to write after it";
    EXPECT_EQ(lastUsed(key.record), kT0 + 3);
}

TEST_F(KeyUseLog, TheThreadWritesEveryInterval) {
    auto key = issueKey();
    auth::KeyUseLog log(*store_, 10ms);
    log.start();
    log.note(key.record.id, kT0 + 1);
    for (int i = 0; i < 500 && !lastUsed(key.record); ++i) std::this_thread::sleep_for(10ms);
    EXPECT_EQ(lastUsed(key.record), kT0 + 1);
    log.stop();
}

TEST_F(KeyUseLog, TheKeyCacheNotesValidKeysOnly) {
    auto valid = issueKey();
    auto revoked = issueKey();
    revoke(revoked.record, kT0);
    auth::KeyUseLog log(*store_, 1h);
    lodestone::test::ManualClock clock(kT0 + 40);
    auth::ApiKeyCache cache(*store_, clock, 500ms, &log);
    cache.check(valid.plaintext);
    cache.check(revoked.plaintext);
    cache.check("lsk_not_a_key");
    EXPECT_EQ(log.flush(), 1u);
    EXPECT_EQ(lastUsed(valid.record), kT0 + 40);
    EXPECT_EQ(lastUsed(revoked.record), std::nullopt);
}

}  // namespace
