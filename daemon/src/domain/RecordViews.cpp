#include "domain/RecordViews.hpp"

#include "domain/JsonValues.hpp"

namespace lodestone::domain {

Poco::JSON::Object::Ptr projectView(const Project& project, bool withSchema) {
    auto json = orderedObject();
    json->set("id", project.id);
    json->set("organisationId", project.organisationId);
    json->set("name", project.name);
    json->set("leadMagnetHost", orNull(project.leadMagnetHost));
    json->set("creditsPerGeneration", project.creditsPerGeneration);
    json->set("createdAt", project.createdAt);
    if (withSchema) {
        json->set("schema", parseObject(project.schema.toJson(), "the project's schema"));
        json->set("settings", parseObject(project.settingsJson, "the project's settings"));
    }
    return json;
}

Poco::JSON::Object::Ptr campaignView(const Campaign& campaign) {
    auto json = orderedObject();
    json->set("id", campaign.id);
    json->set("organisationId", campaign.organisationId);
    json->set("name", campaign.name);
    json->set("webhookUrl", orNull(campaign.webhookUrl));
    json->set("calendarUrl", orNull(campaign.calendarUrl));
    json->set("projectId", orNull(campaign.projectId));
    json->set("state", campaign.isPaused() ? "paused" : "active");
    json->set("pausedAt", orNull(campaign.pausedAt));
    json->set("createdAt", campaign.createdAt);
    return json;
}

}  // namespace lodestone::domain
