#include "Commands.hpp"
#include "admin/Administration.hpp"
#include "config/ProvisionReader.hpp"

namespace lodestone::ctl {
namespace {

std::optional<std::string> icpFrom(const Arguments& args) {
    auto file = args.value("icp");
    if (!file) return std::nullopt;
    return config::loadMappingFile(*file, "ICP criteria");
}

Result create(const Arguments& args, storage::Store& store) {
    args.expectPositionals(0, "");
    admin::CampaignDraft draft{args.required("org"), args.required("name"),
                               args.value("webhook-url"), args.value("calendar-url"),
                               icpFrom(args)};
    auto campaign = store.write([&](storage::Repositories& repos) {
        return admin::Administration(repos, domain::nowMillis()).createCampaign(draft);
    });
    return {toJson(campaign, true),
            "Created campaign " + campaign.name +
                ". Receivers verify webhooks with the webhookSecret below.",
            {}};
}

Result update(const Arguments& args, storage::Store& store) {
    args.expectPositionals(1, "CAMPAIGN_ID");
    admin::CampaignChanges changes{args.value("name"), args.value("webhook-url"),
                                   args.value("calendar-url"), icpFrom(args)};
    auto campaign = store.write([&](storage::Repositories& repos) {
        return admin::Administration(repos, domain::nowMillis())
            .updateCampaign(args.positionals()[0], changes);
    });
    return {toJson(campaign, true), "Updated campaign " + campaign.name + ".", {}};
}

Result list(const Arguments& args, storage::Store& store) {
    args.expectPositionals(0, "");
    auto campaigns = store.read(
        [&](storage::Repositories& repos) { return repos.campaigns().list(args.value("org")); });
    return listResult(campaigns, [](const auto& campaign) { return toJson(campaign, false); },
                      {"id", "organisationId", "name", "webhookUrl"});
}

Result show(const Arguments& args, storage::Store& store) {
    args.expectPositionals(1, "CAMPAIGN_ID");
    auto campaign = store.read([&](storage::Repositories& repos) {
        return admin::Administration(repos, domain::nowMillis()).campaign(args.positionals()[0]);
    });
    return {toJson(campaign, true), "", {}};
}

}  // namespace

std::vector<Command> campaignCommands() {
    std::vector<FlagSpec> settings{{"webhook-url"}, {"icp"}, {"calendar-url"}, {"name"}};
    std::vector<FlagSpec> createFlags = settings;
    createFlags.push_back({"org"});
    return {
        {"campaign", "create",
         "campaign create --org ORG_ID --name NAME [--webhook-url URL] [--icp FILE] "
         "[--calendar-url URL]",
         createFlags, create},
        {"campaign", "update",
         "campaign update ID [--name NAME] [--webhook-url URL] [--icp FILE] [--calendar-url URL]",
         settings, update},
        {"campaign", "list", "campaign list [--org ORG_ID]", {{"org"}}, list},
        {"campaign", "show", "campaign show ID   (includes the webhook signing secret)", {}, show},
    };
}

}  // namespace lodestone::ctl
