#pragma once

#include <Poco/Data/Session.h>

#include "storage/Repositories.hpp"

namespace lodestone::storage::sqlite {

class SqliteOrganisations final : public OrganisationRepository {
  public:
    explicit SqliteOrganisations(Poco::Data::Session& session) : session_(session) {}
    void insert(const domain::Organisation& organisation) override;
    std::optional<domain::Organisation> find(const std::string& id) override;
    std::optional<domain::Organisation> findByName(const std::string& name) override;
    std::vector<domain::Organisation> list() override;
    std::int64_t addCredits(const std::string& id, std::int64_t delta, Timestamp now) override;

  private:
    Poco::Data::Session& session_;
};

class SqliteProjects final : public ProjectRepository {
  public:
    explicit SqliteProjects(Poco::Data::Session& session) : session_(session) {}
    void insert(const domain::Project& project) override;
    void update(const domain::Project& project) override;
    std::optional<domain::Project> find(const std::string& id) override;
    std::optional<domain::Project> findByName(const std::string& organisationId,
                                              const std::string& name) override;
    std::vector<domain::Project> list(const std::optional<std::string>& organisationId) override;

  private:
    Poco::Data::Session& session_;
};

class SqliteCampaigns final : public CampaignRepository {
  public:
    explicit SqliteCampaigns(Poco::Data::Session& session) : session_(session) {}
    void insert(const domain::Campaign& campaign) override;
    void update(const domain::Campaign& campaign) override;
    std::optional<domain::Campaign> find(const std::string& id) override;
    std::optional<domain::Campaign> findByName(const std::string& organisationId,
                                               const std::string& name) override;
    std::vector<domain::Campaign> list(const std::optional<std::string>& organisationId) override;

  private:
    Poco::Data::Session& session_;
};

class SqliteApiKeys final : public ApiKeyRepository {
  public:
    explicit SqliteApiKeys(Poco::Data::Session& session) : session_(session) {}
    void insert(const domain::ApiKey& key) override;
    std::optional<domain::ApiKey> find(const std::string& id) override;
    std::optional<domain::ApiKey> findByHash(const std::string& hash) override;
    std::vector<domain::ApiKey> findByName(const std::string& organisationId,
                                           const std::string& name) override;
    std::vector<domain::ApiKey> list(const std::optional<std::string>& organisationId) override;
    bool revoke(const std::string& id, Timestamp now) override;
    void setProjects(const std::string& id, const std::vector<std::string>& projectIds) override;

  private:
    void insertProjects(const std::string& id, const std::vector<std::string>& projectIds);
    std::vector<domain::ApiKey> select(const std::string& where, const std::string& orderBy,
                                       const std::vector<std::string>& params);
    Poco::Data::Session& session_;
};

class SqliteRepositories final : public Repositories {
  public:
    explicit SqliteRepositories(Poco::Data::Session& session)
        : organisations_(session), projects_(session), campaigns_(session), apiKeys_(session) {}
    OrganisationRepository& organisations() override { return organisations_; }
    ProjectRepository& projects() override { return projects_; }
    CampaignRepository& campaigns() override { return campaigns_; }
    ApiKeyRepository& apiKeys() override { return apiKeys_; }

  private:
    SqliteOrganisations organisations_;
    SqliteProjects projects_;
    SqliteCampaigns campaigns_;
    SqliteApiKeys apiKeys_;
};

}  // namespace lodestone::storage::sqlite
