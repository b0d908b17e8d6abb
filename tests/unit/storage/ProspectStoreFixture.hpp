#pragma once

#include <cctype>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "domain/Ids.hpp"
#include "storage/CampaignRepository.hpp"
#include "storage/JobRepository.hpp"
#include "storage/OrganisationRepository.hpp"
#include "storage/ProspectRepository.hpp"
#include "unit/storage/StoreFixture.hpp"

namespace lodestone::storage::test {

// A migrated store with an organisation and two of its campaigns, plus helpers to add prospects
// and their jobs the way the outreach services store them.
class ProspectStoreFixture : public StoreFixture {
  protected:
    static constexpr domain::Timestamp kT0 = 1'750'000'000'000;

    void SetUp() override {
        StoreFixture::SetUp();
        org_ = {domain::newId(domain::IdKind::Organisation), "Acme", 10, kT0, kT0};
        campaign_ = campaign("Spring");
        other_ = campaign("Autumn");
        store_->write([&](Repositories& r) {
            r.organisations().insert(org_);
            r.campaigns().insert(campaign_);
            r.campaigns().insert(other_);
        });
    }

    domain::Campaign campaign(const std::string& name) const {
        domain::Campaign c;
        c.id = domain::newId(domain::IdKind::Campaign);
        c.organisationId = org_.id;
        c.name = name;
        c.webhookSecret = "whsec_test";
        c.createdAt = c.updatedAt = kT0;
        return c;
    }

    // Not stored yet: `email` as sent, its lowercased key, a fresh id and booking token.
    domain::Prospect prospect(const domain::Campaign& in, const std::string& email) const {
        domain::Prospect p;
        p.id = domain::newId(domain::IdKind::Prospect);
        p.organisationId = org_.id;
        p.campaignId = in.id;
        p.email = email;
        p.emailKey = email;
        for (auto& c : p.emailKey)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        p.companyName = "Initech";
        p.contactName = "Ann Lee";
        p.inputJson = R"({"companyName":"Initech"})";
        p.bookingToken = domain::newId(domain::IdKind::Project);  // 32 alphanumerics
        p.unsubscribeToken = domain::newId(domain::IdKind::Project);
        p.createdAt = p.updatedAt = kT0;
        return p;
    }

    domain::Prospect add(const domain::Campaign& in, const std::string& email,
                         domain::ProspectStatus status = domain::ProspectStatus::Queued) {
        auto p = prospect(in, email);
        p.status = status;
        store_->write([&](Repositories& r) { r.prospects().insert(p); });
        return p;
    }

    // The prospect's queued job, due at kT0, as addProspect creates it.
    domain::Job prospectJob(const domain::Prospect& p, int maxRetries = 3) {
        domain::Job job;
        job.id = domain::newId(domain::IdKind::Job);
        job.kind = domain::JobKind::Prospect;
        job.organisationId = p.organisationId;
        job.prospectId = p.id;
        job.campaignId = p.campaignId;
        job.maxRetries = maxRetries;
        job.runAfter = job.createdAt = job.updatedAt = kT0;
        store_->write([&](Repositories& r) { r.jobs().insert(job); });
        return job;
    }

    domain::Prospect findProspect(const std::string& id) {
        auto found = store_->read([&](Repositories& r) { return r.prospects().find(id); });
        if (!found) throw std::runtime_error("no prospect " + id);
        return *found;
    }

    domain::Job findJob(const std::string& id) {
        auto found = store_->read([&](Repositories& r) { return r.jobs().find(id); });
        if (!found) throw std::runtime_error("no job " + id);
        return *found;
    }

    bool transition(const std::string& id, const std::vector<domain::ProspectStatus>& from,
                    domain::ProspectStatus to, domain::Timestamp at,
                    const std::optional<std::string>& detail = std::nullopt) {
        return store_->write(
            [&](Repositories& r) { return r.prospects().transition(id, from, to, at, detail); });
    }

    std::vector<domain::ProspectTransition> history(const std::string& id) {
        return store_->read([&](Repositories& r) { return r.prospects().history(id); });
    }

    domain::Organisation org_;
    domain::Campaign campaign_;
    domain::Campaign other_;
};

}  // namespace lodestone::storage::test
