// The suppression list and erasure as the repositories store them: addresses found by their
// keyed hash only, domains covering their subdomains, entries copied by the migration hashed when
// the store opens, and an erased person's rows scrubbed in place, their leads made by Generate
// and their CSV imports' rejected rows too.
#include <gtest/gtest.h>

#include "ProspectStoreFixture.hpp"
#include "StoreSuite.hpp"
#include "storage/EmailSendRepository.hpp"
#include "storage/ErasureRepository.hpp"
#include "storage/JobRepository.hpp"
#include "storage/LeadImportRepository.hpp"
#include "storage/LeadRepository.hpp"
#include "storage/ProjectRepository.hpp"
#include "storage/ProspectRepository.hpp"
#include "storage/SuppressionRepository.hpp"
#include "support/Records.hpp"

using namespace lodestone;
using namespace lodestone::storage;

namespace {

class SuppressionStore : public storage::test::OnEveryBackend<storage::test::ProspectStoreFixture> {
  protected:
    bool suppress(domain::SuppressionKind kind, const std::string& value,
                  domain::SuppressionReason reason = domain::SuppressionReason::Added) {
        domain::Suppression entry;
        entry.organisationId = org_.id;
        entry.kind = kind;
        if (kind == domain::SuppressionKind::Domain) {
            entry.domain = value;
        } else {
            entry.address = value;
        }
        entry.reason = reason;
        entry.createdAt = kT0;
        return store_->write([&](Repositories& r) { return r.suppressions().add(entry); });
    }

    std::optional<domain::Suppression> find(const std::string& address) {
        return store_->read(
            [&](Repositories& r) { return r.suppressions().find(org_.id, address); });
    }
};

TEST_P(SuppressionStore, AnAddressIsFoundByItsKeyedHashNeverByItsText) {
    EXPECT_TRUE(suppress(domain::SuppressionKind::Address, "ann@initech.com"));
    EXPECT_FALSE(suppress(domain::SuppressionKind::Address, "ann@initech.com"));
    ASSERT_TRUE(find("ann@initech.com"));
    EXPECT_FALSE(find("bob@initech.com"));
    EXPECT_EQ(count("SELECT COUNT(*) FROM suppressions WHERE length(address_hash) = 64 AND "
                    "address_hash NOT LIKE '%ann%' AND address = 'ann@initech.com'"),
              1);
}

TEST_P(SuppressionStore, ADomainCoversItsSubdomainsAndNoLookAlike) {
    EXPECT_TRUE(suppress(domain::SuppressionKind::Domain, "initech.com"));
    EXPECT_TRUE(find("ann@initech.com"));
    EXPECT_TRUE(find("ann@mail.eu.initech.com"));
    EXPECT_FALSE(find("ann@notinitech.com"));
    EXPECT_FALSE(find("ann@initech.com.au"));
    EXPECT_TRUE(store_->write(
        [&](Repositories& r) { return r.suppressions().removeDomain(org_.id, "initech.com"); }));
    EXPECT_FALSE(find("ann@initech.com"));
}

TEST_P(SuppressionStore, EachOrganisationHashesWithItsOwnKey) {
    suppress(domain::SuppressionKind::Address, "ann@initech.com");
    domain::Organisation other{domain::newId(domain::IdKind::Organisation), "Globex", 0, kT0, kT0};
    store_->write([&](Repositories& r) { r.organisations().insert(other); });
    EXPECT_FALSE(store_->read(
        [&](Repositories& r) { return r.suppressions().find(other.id, "ann@initech.com"); }));
    EXPECT_EQ(count("SELECT COUNT(DISTINCT suppression_key) FROM organisations"), 2);
}

TEST_P(SuppressionStore, EntriesCopiedByTheMigrationAreHashedWhenTheStoreOpens) {
    // As migration 0018 leaves an entry it copied: the clear address, no hash yet.
    sql("INSERT INTO suppressions (id, organisation_id, kind, address, reason, created_at) "
        "VALUES ('sup_migrated000000000000000', '" +
        org_.id + "', 'address', 'old@initech.com', 'bounced', 1)");
    EXPECT_FALSE(find("old@initech.com"));
    store_->migrate(domain::SystemClock());
    auto found = find("old@initech.com");
    ASSERT_TRUE(found);
    EXPECT_EQ(found->reason, domain::SuppressionReason::Bounced);
}

TEST_P(SuppressionStore, ErasureScrubsThePersonAndKeepsOnlyTheHash) {
    auto ann = add(campaign_, "Ann@Initech.com", domain::ProspectStatus::InSequence);
    auto again = add(other_, "ann@initech.com", domain::ProspectStatus::Qualified);
    suppress(domain::SuppressionKind::Address, "ann@initech.com",
             domain::SuppressionReason::Unsubscribed);
    auto counts = store_->write([&](Repositories& r) {
        auto erased = r.erasure().erasePerson(org_.id, "ann@initech.com", kT0 + 1);
        r.suppressions().keepOnlyHash(org_.id, "ann@initech.com", kT0 + 1);
        return erased;
    });
    EXPECT_EQ(counts.prospects, 2);
    auto tombstone = *store_->read([&](Repositories& r) { return r.prospects().find(ann.id); });
    EXPECT_EQ(tombstone.email, "");
    EXPECT_EQ(tombstone.contactName, "");
    EXPECT_EQ(tombstone.status, domain::ProspectStatus::InSequence) << "totals stay right";
    EXPECT_EQ(count("SELECT COUNT(*) FROM prospects WHERE lower(email_key) LIKE '%ann%' OR "
                    "lower(contact_name) LIKE '%ann%'"),
              0);
    auto kept = find("ann@initech.com");
    ASSERT_TRUE(kept);
    EXPECT_EQ(kept->reason, domain::SuppressionReason::Erased);
    EXPECT_FALSE(kept->address);
    EXPECT_EQ(count("SELECT COUNT(*) FROM suppressions WHERE address IS NOT NULL"), 0);
    EXPECT_FALSE(store_->write([&](Repositories& r) {
        return r.suppressions().removeAddress(org_.id, "ann@initech.com");
    })) << "an erased person's entry is never lifted";
    EXPECT_TRUE(find("ann@initech.com"));
    (void)again;
}

TEST_P(SuppressionStore, ErasureTakesEveryLeadOfTheOrganisationWithTheAddress) {
    domain::Project project;
    project.id = domain::newId(domain::IdKind::Project);
    project.organisationId = org_.id;
    project.name = "Guides";
    project.createdAt = project.updatedAt = kT0;
    auto ann = add(campaign_, "ann@initech.com", domain::ProspectStatus::InSequence);
    auto own = lodestone::test::newLead(org_.id, project.id, kT0, "ann@initech.com");
    own.prospectId = ann.id;
    // Generate's, written otherwise: the prospect view lists it as Ann's all the same.
    auto generated = lodestone::test::newLead(org_.id, project.id, kT0, "ANN@Initech.com");
    auto neighbour = lodestone::test::newLead(org_.id, project.id, kT0, "bob@initech.com");
    std::vector<domain::Job> jobs;
    store_->write([&](Repositories& r) {
        r.projects().insert(project);
        for (const auto& lead : {own, generated, neighbour}) {
            r.leads().insert(lead);
            r.leads().setPage(lead.id, "<p>for " + lead.email + "</p>");
            jobs.push_back(lodestone::test::newJob(lead, kT0));
            r.jobs().insert(jobs.back());
        }
    });
    for (const auto& job : jobs) {
        sql("INSERT INTO job_steps (job_id, name, status, started_at, output_json) VALUES ('" +
            job.id + "', 'research_agent', 'running', 1, '{\"about\":\"Ann Lee\"}')");
    }

    auto counts = store_->write(
        [&](Repositories& r) { return r.erasure().erasePerson(org_.id, "ann@initech.com", kT0); });
    EXPECT_EQ(counts.leads, 2);
    EXPECT_EQ(counts.researchFindings, 2);
    for (const auto& lead : {own, generated}) {
        auto scrubbed = *store_->read([&](Repositories& r) { return r.leads().find(lead.id); });
        EXPECT_EQ(scrubbed.email, "");
        EXPECT_EQ(scrubbed.fieldsJson, "{}");
        EXPECT_FALSE(store_->read([&](Repositories& r) { return r.leads().page(lead.id); }));
    }
    EXPECT_EQ(count("SELECT COUNT(*) FROM leads WHERE lower(email) LIKE '%ann%' OR "
                    "lower(fields_json) LIKE '%ann%' OR lower(page_html) LIKE '%ann%'"),
              0);
    EXPECT_EQ(count("SELECT COUNT(*) FROM job_steps WHERE output_json IS NOT NULL"), 1)
        << "the neighbour's research stays";
    EXPECT_EQ(count("SELECT COUNT(*) FROM jobs WHERE status = 'failed' AND retryable = 0"), 2)
        << "the person's unfinished work is given up";
    EXPECT_EQ(findJob(jobs[2].id).status, domain::JobStatus::Queued);
    EXPECT_TRUE(store_->read([&](Repositories& r) { return r.leads().page(neighbour.id); }));
}

TEST_P(SuppressionStore, ErasureScrubsTheImportRejectionsThatNameThePerson) {
    auto ann = add(campaign_, "ann@initech.com", domain::ProspectStatus::InSequence);
    // Another organisation's import naming the same address is not this erasure's to touch.
    domain::Organisation globex{domain::newId(domain::IdKind::Organisation), "Globex", 0, kT0, kT0};
    auto theirs = campaign("Theirs");
    theirs.organisationId = globex.id;
    const auto newImport = [&](const domain::Campaign& in) {
        domain::LeadImport leadImport;
        leadImport.id = domain::newId(domain::IdKind::LeadImport);
        leadImport.organisationId = in.organisationId;
        leadImport.campaignId = in.id;
        leadImport.status = domain::LeadImportStatus::Completed;
        leadImport.columns = {"companyName", "contactName", "email"};
        leadImport.runAfter = leadImport.createdAt = leadImport.updatedAt = kT0;
        return leadImport;
    };
    const auto ours = newImport(campaign_);
    const auto globexImport = newImport(theirs);
    // A rejection keeps no copy of its row, only a reason; these reasons quote the row, as a
    // reason may (the address in any case, the prospect's id).
    store_->write([&](Repositories& r) {
        r.organisations().insert(globex);
        r.campaigns().insert(theirs);
        r.leadImports().insert(ours);
        r.leadImports().insert(globexImport);
        r.leadImports().addRejections(ours.id,
                                      {{2, "email", "ANN@Initech.com is on the suppression list"},
                                       {2, "score", "must be a number"},
                                       {3, "email", "bob@initech.com is on the suppression list"},
                                       {4, std::nullopt, "duplicates prospect " + ann.id}});
        r.leadImports().addRejections(globexImport.id,
                                      {{2, "email", "ann@initech.com has no MX record"}});
    });

    auto counts = store_->write(
        [&](Repositories& r) { return r.erasure().erasePerson(org_.id, "ann@initech.com", kT0); });
    EXPECT_EQ(counts.importRejections, 2);
    auto kept =
        store_->read([&](Repositories& r) { return r.leadImports().rejections(ours.id, 10); });
    ASSERT_EQ(kept.size(), 4u) << "every rejected line stays listed";
    EXPECT_EQ(kept[0].error, "(erased)");
    EXPECT_EQ(kept[1].error, "must be a number");
    EXPECT_EQ(kept[2].error, "bob@initech.com is on the suppression list") << "a neighbour's";
    EXPECT_EQ(kept[3].error, "(erased)");
    EXPECT_EQ(count("SELECT COUNT(*) FROM lead_import_rejections WHERE import_id = '" + ours.id +
                    "' AND (lower(error) LIKE '%ann@%' OR error LIKE '%" + ann.id + "%')"),
              0);
    EXPECT_EQ(count("SELECT COUNT(*) FROM lead_import_rejections WHERE import_id = '" +
                    globexImport.id + "' AND error LIKE '%ann@initech.com%'"),
              1);
}

TEST_P(SuppressionStore, ProspectsAreFoundByAddressOrDomainAcrossCampaigns) {
    add(campaign_, "ann@initech.com");
    add(other_, "bob@eu.initech.com");
    add(other_, "eve@notinitech.com");
    auto atDomain = store_->read(
        [&](Repositories& r) { return r.prospects().atDomain(org_.id, "initech.com"); });
    EXPECT_EQ(atDomain.size(), 2u);
    auto withAddress = store_->read(
        [&](Repositories& r) { return r.prospects().withAddress(org_.id, "ann@initech.com"); });
    EXPECT_EQ(withAddress.size(), 1u);
}

INSTANTIATE_TEST_SUITE_P(, SuppressionStore, storage::test::everyBackend(),
                         storage::test::backendName);

}  // namespace
