// addProspect: a prospect and the job that researches and scores it, in one transaction.
#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "outreach/CampaignLeads.hpp"
#include "storage/JobRepository.hpp"
#include "unit/storage/ProspectStoreFixture.hpp"

using namespace lodestone;
using namespace lodestone::outreach;
using domain::JobKind;
using domain::JobStatus;
using domain::ProspectStatus;
using domain::StepName;

namespace {

// A checked Add Lead body, as readCampaignLead would hand it over.
CampaignLead lead(const std::string& email, std::optional<std::string> title = "VP Sales") {
    CampaignLead l;
    l.companyName = "Initech";
    l.contactName = "Ann Lee";
    l.email = email;
    l.emailKey = email;
    for (auto& c : l.emailKey) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    l.domain = "initech.com";
    l.title = std::move(title);
    l.stored = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
    l.stored->set("companyName", l.companyName);
    l.stored->set("contactName", l.contactName);
    l.stored->set("email", l.email);
    if (l.title) l.stored->set("title", *l.title);
    l.stored->set("domain", *l.domain);
    return l;
}

class CampaignLeads : public storage::test::ProspectStoreFixture {
  protected:
    AddedProspect addLead(const domain::Campaign& in, const CampaignLead& l,
                          domain::Timestamp now = kT0 + 1) {
        return store_->write(
            [&](storage::Repositories& r) { return addProspect(r, in, l, 4, now); });
    }
};

}  // namespace

TEST_F(CampaignLeads, StoresAQueuedProspectAndItsJob) {
    auto added = addLead(campaign_, lead("Ann@Initech.com"));
    const auto& p = added.prospect;
    EXPECT_TRUE(domain::looksLikeId(domain::IdKind::Prospect, p.id)) << p.id;
    EXPECT_EQ(p.organisationId, org_.id);
    EXPECT_EQ(p.campaignId, campaign_.id);
    EXPECT_EQ(p.email, "Ann@Initech.com");
    EXPECT_EQ(p.emailKey, "ann@initech.com");
    EXPECT_EQ(p.title, "VP Sales");
    EXPECT_EQ(p.domain, "initech.com");
    EXPECT_EQ(p.status, ProspectStatus::Queued);
    EXPECT_EQ(p.inputJson,
              R"({"companyName":"Initech","contactName":"Ann Lee","email":"Ann@Initech.com",)"
              R"("title":"VP Sales","domain":"initech.com"})");
    EXPECT_TRUE(std::regex_match(p.bookingToken, std::regex("[a-z0-9]{32}"))) << p.bookingToken;
    EXPECT_EQ(p.createdAt, kT0 + 1);

    const auto& job = added.job;
    EXPECT_EQ(job.kind, JobKind::Prospect);
    EXPECT_EQ(job.prospectId, p.id);
    EXPECT_EQ(job.campaignId, campaign_.id);
    EXPECT_EQ(job.organisationId, org_.id);
    EXPECT_EQ(job.status, JobStatus::Queued);
    EXPECT_EQ(job.nextStep, StepName::Research);
    EXPECT_EQ(job.maxRetries, 4);
    EXPECT_EQ(job.runAfter, kT0 + 1);

    auto stored = findProspect(p.id);
    EXPECT_EQ(stored.bookingToken, p.bookingToken);
    EXPECT_EQ(stored.inputJson, p.inputJson);
    auto storedJob =
        store_->read([&](storage::Repositories& r) { return r.jobs().findByProspect(p.id); });
    ASSERT_TRUE(storedJob);
    EXPECT_EQ(storedJob->id, job.id);
    EXPECT_EQ(storedJob->kind, JobKind::Prospect);
    EXPECT_EQ(storedJob->maxRetries, 4);
    ASSERT_EQ(history(p.id).size(), 1u);
    EXPECT_EQ(history(p.id)[0].status, ProspectStatus::Queued);
}

TEST_F(CampaignLeads, EachProspectGetsItsOwnBookingToken) {
    auto a = addLead(campaign_, lead("a@initech.com")).prospect;
    auto b = addLead(campaign_, lead("b@initech.com")).prospect;
    EXPECT_NE(a.bookingToken, b.bookingToken);
    EXPECT_NE(a.id, b.id);
    EXPECT_EQ(bookingUrl("https://lodestone.example//", a),
              "https://lodestone.example/b/" + a.bookingToken);
    EXPECT_EQ(bookingUrl("http://127.0.0.1:8080", b), "http://127.0.0.1:8080/b/" + b.bookingToken);
}

TEST_F(CampaignLeads, ProspectAndJobAreOneTransaction) {
    EXPECT_THROW(store_->write([&](storage::Repositories& r) {
        addProspect(r, campaign_, lead("ann@initech.com"), 3, kT0);
        throw std::runtime_error("the request failed later");
    }),
                 std::runtime_error);
    EXPECT_EQ(count("SELECT COUNT(*) FROM prospects"), 0);
    EXPECT_EQ(count("SELECT COUNT(*) FROM jobs"), 0);
    EXPECT_EQ(count("SELECT COUNT(*) FROM prospect_transitions"), 0);
}

TEST_F(CampaignLeads, ASecondLeadWithTheSameAddressIsADuplicate) {
    auto first = addLead(campaign_, lead("ann@initech.com")).prospect;
    try {
        addLead(campaign_, lead("ANN@Initech.COM", std::nullopt));
        FAIL() << "expected DuplicateProspect";
    } catch (const DuplicateProspect& e) {
        EXPECT_EQ(e.existing().id, first.id);
        EXPECT_EQ(e.existing().email, "ann@initech.com");
        EXPECT_EQ(e.existing().title, "VP Sales");
        EXPECT_STREQ(e.what(), "the campaign already has a prospect with email ann@initech.com");
    }
    EXPECT_EQ(count("SELECT COUNT(*) FROM prospects"), 1);
    EXPECT_EQ(count("SELECT COUNT(*) FROM jobs"), 1);

    // Another campaign may hold the same address.
    auto elsewhere = addLead(other_, lead("ann@initech.com")).prospect;
    EXPECT_EQ(elsewhere.campaignId, other_.id);
    EXPECT_EQ(count("SELECT COUNT(*) FROM jobs WHERE kind = 'prospect'"), 2);
}
