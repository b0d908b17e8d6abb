// An import of a CSV file of leads: kept as it arrives, then added a batch per transaction under
// a lease, each row checked and added as Add Lead checks and adds a body.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include "domain/Clock.hpp"
#include "outreach/imports/ImportReceiver.hpp"
#include "outreach/imports/ImportRun.hpp"
#include "storage/LeadImportRepository.hpp"
#include "storage/SuppressionRepository.hpp"
#include "unit/storage/ProspectStoreFixture.hpp"

using namespace lodestone;
using namespace lodestone::outreach::imports;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

class LeadImportTest : public storage::test::ProspectStoreFixture {
  protected:
    domain::LeadImport receive(const std::string& csv, const ImportLimits& limits = {},
                               ReceiveOptions options = {}) {
        std::istringstream file(csv);
        return receiveImport(*store_, campaign_, file, limits, pace_, clock_, options);
    }
    // Refused: the status and message.
    std::pair<int, std::string> refusal(const std::string& csv, const ImportLimits& limits = {}) {
        try {
            receive(csv, limits);
        } catch (const ImportRefused& refused) {
            return {refused.status(), refused.what()};
        }
        return {0, "accepted"};
    }
    // Leased to `owner`, added to the end and completed, as the import queue does it.
    domain::LeadImport addAll(const std::string& id, const std::string& owner = "tester") {
        store_->write([&](storage::Repositories& r) {
            r.leadImports().lease(id, owner, clock_.now() + 60'000, clock_.now());
        });
        while (!addSlice(*store_, id, owner, pace_, 3, clock_).finished) {
        }
        store_->write([&](storage::Repositories& r) {
            r.leadImports().finishLease(id, owner, domain::LeadImportStatus::Completed,
                                        clock_.now(), clock_.now());
        });
        return find(id);
    }
    domain::LeadImport find(const std::string& id) {
        return *store_->read([&](storage::Repositories& r) { return r.leadImports().find(id); });
    }
    std::vector<domain::ImportRejection> rejections(const std::string& id) {
        return store_->read(
            [&](storage::Repositories& r) { return r.leadImports().rejections(id, 100); });
    }
    std::int64_t prospects() { return count("SELECT COUNT(*) FROM prospects"); }

    domain::SystemClock clock_;
    ImportPace pace_{2, 4, std::chrono::minutes(10)};
};

const std::string kHeader = "companyName,contactName,email,title,company.employeeCount\n";

}  // namespace

TEST_F(LeadImportTest, AddsGoodRowsCountsDuplicatesAndListsEachBadRowsErrors) {
    auto received = receive(kHeader +
                            "Initech,Ann Lee,ann@initech.example,CTO,120\n"
                            "Globex,Bo Yi,bo@globex.example,,\n"
                            "Initech,Ann Again,ANN@initech.example,,\n"  // a duplicate
                            "Hooli,Cy,not-an-address,,\n"
                            ",Di,di@nameless.example,,\n"
                            "Umbrella,Ed,ed@umbrella.example,,lots\n");
    EXPECT_EQ(received.status, domain::LeadImportStatus::Queued);
    EXPECT_EQ(received.rowsTotal, 6);
    auto done = addAll(received.id);
    EXPECT_EQ(done.status, domain::LeadImportStatus::Completed);
    EXPECT_EQ(done.counts.rowsRead, 6);
    EXPECT_EQ(done.counts.added, 2);
    EXPECT_EQ(done.counts.duplicates, 1);
    EXPECT_EQ(done.counts.rejected, 3);
    EXPECT_EQ(prospects(), 2);
    EXPECT_EQ(count("SELECT COUNT(*) FROM jobs WHERE kind = 'prospect'"), 2)
        << "each added row is researched and scored";
    EXPECT_EQ(count("SELECT COUNT(*) FROM lead_import_rows"), 0) << "rows go as they are added";
    auto rejected = rejections(received.id);
    ASSERT_EQ(rejected.size(), 3u);
    EXPECT_EQ(rejected[0].line, 5);
    EXPECT_EQ(rejected[0].field, "email");
    EXPECT_EQ(rejected[1].line, 6);
    EXPECT_EQ(rejected[1].field, "companyName");
    EXPECT_EQ(rejected[1].error, "is required");
    EXPECT_EQ(rejected[2].line, 7);
    EXPECT_EQ(rejected[2].field, "company.employeeCount");
    EXPECT_EQ(rejected[2].error, "must be a whole number");
}

TEST_F(LeadImportTest, StoresTypedFieldsAndCustomColumnsAsAddLeadWould) {
    auto received = receive(
        "email,companyName,contactName,company.technologies,"
        "company.signals.hiringSignals.isHiring,custom.crmId,contact.timezone\n"
        "ann@initech.example,Initech,Ann,Go; Rust,yes,C-17,Europe/Berlin\n");
    addAll(received.id);
    auto stored = store_->read([&](storage::Repositories& r) {
        return r.prospects().findByEmail(campaign_.id, "ann@initech.example")->inputJson;
    });
    EXPECT_THAT(stored, HasSubstr(R"("technologies":["Go","Rust"])"));
    EXPECT_THAT(stored, HasSubstr(R"("isHiring":true)"));
    EXPECT_THAT(stored, HasSubstr(R"("customData":{"crmId":"C-17"})"));
    EXPECT_THAT(stored, HasSubstr(R"("timezone":"Europe/Berlin")"));
}

TEST_F(LeadImportTest, ReportsUnknownColumnsOnceAndIgnoresThem) {
    auto received = receive(
        "companyName,contactName,email,favouriteColour,status\n"
        "Initech,Ann,ann@initech.example,blue,replied\n"
        "Globex,Bo,bo@globex.example,red,new\n");
    EXPECT_THAT(received.ignoredColumns, ElementsAre("favouriteColour", "status"));
    EXPECT_EQ(addAll(received.id).counts.added, 2);
}

TEST_F(LeadImportTest, RowsThatCannotBeReadAreRejectedOnArrivalWithTheirLine) {
    auto received = receive(kHeader +
                            "Initech,Ann,ann@initech.example,\"CTO\",1\n"
                            "Bad\xff"
                            "Corp,Bo,bo@bad.example,,\n"
                            "Globex,Cy,cy@globex.example,,,extra,cells\n"
                            "Hooli,\"Di,di@hooli.example,,\n");
    EXPECT_EQ(received.counts.rejected, 3);
    auto rejected = rejections(received.id);
    ASSERT_EQ(rejected.size(), 3u);
    EXPECT_EQ(rejected[0].line, 3);
    EXPECT_EQ(rejected[0].field, "companyName");
    EXPECT_THAT(rejected[0].error, HasSubstr("not UTF-8"));
    EXPECT_EQ(rejected[1].line, 4);
    EXPECT_FALSE(rejected[1].field);
    EXPECT_THAT(rejected[1].error, HasSubstr("has 7 cells; the header has 5"));
    EXPECT_EQ(rejected[2].line, 5);
    EXPECT_EQ(rejected[2].field, "contactName");
    EXPECT_THAT(rejected[2].error, HasSubstr("never closed"));
    EXPECT_EQ(addAll(received.id).counts.added, 1);
}

TEST_F(LeadImportTest, RefusesFilesThatCouldAddNothing) {
    EXPECT_EQ(refusal("").first, 400);
    EXPECT_THAT(refusal("").second, HasSubstr("empty"));
    EXPECT_THAT(refusal(kHeader).second, HasSubstr("no rows"));
    EXPECT_THAT(refusal("companyName,contactName\nA,B\n").second, HasSubstr("no email column"));
    EXPECT_THAT(refusal("email,email,companyName,contactName\n").second,
                HasSubstr("column email twice"));
    std::string wide = "companyName,contactName,email";
    for (int i = 0; i < 5000; ++i) wide += ",extra" + std::to_string(i);
    EXPECT_THAT(refusal(wide + "\nA,B,c@d.example\n").second, HasSubstr("at most 200"));
    EXPECT_EQ(count("SELECT COUNT(*) FROM lead_imports"), 0) << "nothing was started";
}

TEST_F(LeadImportTest, AFilePastItsLimitsFailsAndKeepsNoRow) {
    ImportLimits limits;
    limits.maxRows = 2;
    auto [status, message] = refusal(kHeader +
                                         "A,a,a@a.example,,\nB,b,b@b.example,,\n"
                                         "C,c,c@c.example,,\n",
                                     limits);
    EXPECT_EQ(status, 413);
    EXPECT_THAT(message, HasSubstr("more than 2 rows (imports.max_rows)"));
    EXPECT_EQ(count("SELECT COUNT(*) FROM lead_imports WHERE status = 'failed'"), 1);
    EXPECT_EQ(count("SELECT COUNT(*) FROM lead_import_rows"), 0);
    EXPECT_EQ(prospects(), 0);

    limits = {};
    limits.maxFileBytes = 100;
    EXPECT_EQ(refusal(kHeader + std::string(200, 'x') + "\n", limits).first, 413);
}

TEST_F(LeadImportTest, TheSameFileImportedTwiceAddsNothingTheSecondTime) {
    const std::string csv = kHeader + "A,a,a@a.example,,\nB,b,b@b.example,,\nC,c,c@c.example,,\n";
    EXPECT_EQ(addAll(receive(csv).id).counts.added, 3);
    auto again = addAll(receive(csv).id);
    EXPECT_EQ(again.counts.added, 0);
    EXPECT_EQ(again.counts.duplicates, 3);
    EXPECT_EQ(prospects(), 3);
}

TEST_F(LeadImportTest, AnImportTakenOverFromALostHolderResumesWithNoRowLostOrAddedTwice) {
    std::string csv = kHeader;
    for (int i = 0; i < 9; ++i) csv += "Co,Name,p" + std::to_string(i) + "@rows.example,,\n";
    auto received = receive(csv);
    store_->write([&](storage::Repositories& r) {
        r.leadImports().lease(received.id, "first", clock_.now() + 60'000, clock_.now());
    });
    auto slice = addSlice(*store_, received.id, "first", pace_, 3, clock_);
    EXPECT_FALSE(slice.finished);
    EXPECT_EQ(slice.added.rowsRead, 4);

    // "first" died: its lease is taken back, and another holder resumes.
    auto lease =
        store_->read([&](storage::Repositories& r) { return r.leadImports().find(received.id); });
    store_->write([&](storage::Repositories& r) {
        EXPECT_TRUE(
            r.leadImports().takeBack(received.id, "first", *lease->leaseExpiresAt, clock_.now()));
    });
    EXPECT_THROW(addSlice(*store_, received.id, "first", pace_, 3, clock_), ImportLeaseLost)
        << "a holder that lost the lease writes nothing";
    auto done = addAll(received.id, "second");
    EXPECT_EQ(done.counts.rowsRead, 9);
    EXPECT_EQ(done.counts.added, 9);
    EXPECT_EQ(done.counts.duplicates, 0);
    EXPECT_EQ(prospects(), 9);
}

TEST_F(LeadImportTest, AnUploadCutOffFailsOnceStale) {
    // An import whose file never finished arriving, as a crash mid-upload leaves it.
    auto received = receive(kHeader + "A,a,a@a.example,,\n");
    sql("UPDATE lead_imports SET status = 'receiving', updated_at = 1 WHERE id = '" + received.id +
        "'");
    const int failed = store_->write([&](storage::Repositories& r) {
        return r.leadImports().failStale(clock_.now() - 60'000, clock_.now());
    });
    EXPECT_EQ(failed, 1);
    auto after = find(received.id);
    EXPECT_EQ(after.status, domain::LeadImportStatus::Failed);
    EXPECT_THAT(after.error.value_or(""), HasSubstr("stopped arriving"));
    EXPECT_EQ(count("SELECT COUNT(*) FROM lead_import_rows"), 0);
}

TEST_F(LeadImportTest, AFileCutShortOfItsAnnouncedLengthIsRefused) {
    ReceiveOptions options;
    options.expectedBytes = 10'000;
    try {
        receive(kHeader + "A,a,a@a.example,,\n", {}, options);
        FAIL() << "accepted";
    } catch (const ImportRefused& refused) {
        EXPECT_THAT(refused.what(), HasSubstr("of the 10000 bytes announced"));
        ASSERT_TRUE(refused.importId());
        EXPECT_EQ(find(*refused.importId()).status, domain::LeadImportStatus::Failed);
    }
}

TEST_F(LeadImportTest, AnAddressTheSuppressionListStopsIsRejectedNotImported) {
    store_->write([&](storage::Repositories& r) {
        domain::Suppression unsubscribed;
        unsubscribed.organisationId = org_.id;
        unsubscribed.address = "ann@initech.example";
        unsubscribed.reason = domain::SuppressionReason::Unsubscribed;
        unsubscribed.createdAt = clock_.now();
        r.suppressions().add(unsubscribed);
        domain::Suppression wholeDomain;
        wholeDomain.organisationId = org_.id;
        wholeDomain.kind = domain::SuppressionKind::Domain;
        wholeDomain.domain = "globex.example";
        wholeDomain.reason = domain::SuppressionReason::Added;
        wholeDomain.createdAt = clock_.now();
        r.suppressions().add(wholeDomain);
    });
    auto done = addAll(receive(kHeader + "Initech,Ann,Ann@Initech.example,,\n"
                                         "Globex,Bo,bo@sales.globex.example,,\n"
                                         "Hooli,Cy,cy@hooli.example,,\n")
                           .id);
    EXPECT_EQ(done.counts.added, 1);
    EXPECT_EQ(done.counts.rejected, 2);
    auto rejected = rejections(done.id);
    ASSERT_EQ(rejected.size(), 2u);
    EXPECT_EQ(rejected[0].field, "email");
    EXPECT_THAT(rejected[0].error, HasSubstr("suppression list (unsubscribed)"));
    EXPECT_THAT(rejected[1].error, HasSubstr("suppression list (added)"));
    EXPECT_EQ(prospects(), 1);
}
