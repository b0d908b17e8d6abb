#include "Commands.hpp"
#include "admin/Administration.hpp"
#include "admin/WebhookAddress.hpp"
#include "config/ProvisionReader.hpp"
#include "storage/CampaignRepository.hpp"

namespace lodestone::ctl {
namespace {

// The URL was stored; where it points may still keep deliveries from reaching it.
std::vector<std::string> webhookWarnings(const std::optional<std::string>& webhookUrl,
                                         const config::Config& config) {
    if (!webhookUrl || webhookUrl->empty()) return {};
    auto warning = admin::webhookAddressWarning(*webhookUrl, config.webhooks.allowPrivateNetworks);
    if (!warning) return {};
    return {*warning};
}

std::optional<std::string> icpFrom(const Arguments& args) {
    auto file = args.value("icp");
    if (!file || file->empty()) return file;  // "" removes them
    return admin::checkedIcpFile(config::loadMappingDocument(*file, "ICP criteria"));
}

std::optional<std::string> sequenceFrom(const Arguments& args) {
    auto file = args.value("sequence");
    if (!file || file->empty()) return file;  // "" removes it
    return admin::checkedSequenceFile(config::loadMappingDocument(*file, "an email sequence"));
}

Result create(const Arguments& args, storage::Store& store, const config::Config& config,
              const domain::Clock& clock) {
    args.expectPositionals(0, "");
    admin::CampaignDraft draft{
        args.required("org"),       args.required("name"), args.value("webhook-url"),
        args.value("calendar-url"), icpFrom(args),         sequenceFrom(args),
        args.value("project")};
    auto now = clock.now();
    auto campaign = store.write([&](storage::Repositories& repos) {
        return admin::Administration(repos, now, kActor).createCampaign(draft);
    });
    return {toJson(campaign, true, now),
            "Created campaign " + campaign.name +
                ". Receivers verify webhooks with the webhookSecret below.",
            {},
            {},
            webhookWarnings(draft.webhookUrl, config)};
}

Result update(const Arguments& args, storage::Store& store, const config::Config& config,
              const domain::Clock& clock) {
    args.expectPositionals(1, "CAMPAIGN_ID");
    admin::CampaignChanges changes{args.value("name"),
                                   args.value("webhook-url"),
                                   args.value("calendar-url"),
                                   icpFrom(args),
                                   sequenceFrom(args),
                                   args.value("intake-secret"),
                                   args.has("new-intake-secret"),
                                   args.value("project")};
    auto now = clock.now();
    auto campaign = store.write([&](storage::Repositories& repos) {
        return admin::Administration(repos, now, kActor)
            .updateCampaign(args.positionals()[0], changes);
    });
    return {toJson(campaign, true, now),
            "Updated campaign " + campaign.name + ".",
            {},
            {},
            webhookWarnings(changes.webhookUrl, config)};
}

Result list(const Arguments& args, storage::Store& store, const config::Config&,
            const domain::Clock& clock) {
    args.expectPositionals(0, "");
    auto now = clock.now();
    auto campaigns = store.read([&](storage::Repositories& repos) {
        checkOrganisationFilter(repos, args, clock);
        return repos.campaigns().list(args.value("org"));
    });
    return listResult(campaigns,
                      [now](const auto& campaign) { return toJson(campaign, false, now); },
                      {"id", "organisationId", "name", "state", "webhookUrl"});
}

Result show(const Arguments& args, storage::Store& store, const config::Config& config,
            const domain::Clock& clock) {
    args.expectPositionals(1, "CAMPAIGN_ID");
    auto now = clock.now();
    auto campaign = store.read([&](storage::Repositories& repos) {
        return admin::Administration(repos, now, kActor).campaign(args.positionals()[0]);
    });
    auto json = toJson(campaign, true, now);
    // Where to point each calendar service's webhook (docs/calendars.md).
    Poco::JSON::Object::Ptr hooks = new Poco::JSON::Object();
    hooks->set("calcom", config.server.publicUrl + "/hooks/calcom/" + campaign.id);
    hooks->set("calendly", config.server.publicUrl + "/hooks/calendly/" + campaign.id);
    json->set("calendarHooks", hooks);
    return {json, "", {}};
}

Result rotateSecret(const Arguments& args, storage::Store& store, const config::Config&,
                    const domain::Clock& clock) {
    args.expectPositionals(1, "CAMPAIGN_ID");
    auto now = clock.now();
    bool droppedOne = false;
    auto campaign = store.write([&](storage::Repositories& repos) {
        admin::Administration administration(repos, now, kActor);
        auto before = administration.campaign(args.positionals()[0]);
        droppedOne = before.previousSecretExpiresAt && now < *before.previousSecretExpiresAt;
        return administration.rotateWebhookSecret(before.id);
    });
    Result result;
    result.json = toJson(campaign, true, now);
    result.json->set("droppedEarlierSecret", droppedOne);
    result.headline = "Rotated the webhook secret of campaign " + campaign.name +
                      ". Deliveries are signed with both the new webhookSecret and the previous "
                      "one until " +
                      isoTime(*campaign.previousSecretExpiresAt) +
                      "; receivers must switch to the new one before then.";
    if (droppedOne) {
        result.headline +=
            "\nThe secret before the previous one stopped signing at once: only one previous "
            "secret is kept.";
    }
    return result;
}

Result pause(const Arguments& args, storage::Store& store, const config::Config&,
             const domain::Clock& clock) {
    args.expectPositionals(1, "CAMPAIGN_ID");
    auto now = clock.now();
    bool wasPaused = false;
    auto campaign = store.write([&](storage::Repositories& repos) {
        admin::Administration administration(repos, now, kActor);
        wasPaused = administration.campaign(args.positionals()[0]).isPaused();
        return administration.pauseCampaign(args.positionals()[0]);
    });
    return {toJson(campaign, false, now),
            wasPaused ? "Campaign " + campaign.name + " was already paused (since " +
                            isoTime(*campaign.pausedAt) + ")."
                      : "Paused campaign " + campaign.name +
                            ". Its emails wait until it is resumed; leads are still taken in, "
                            "researched and scored.",
            {}};
}

Result resume(const Arguments& args, storage::Store& store, const config::Config&,
              const domain::Clock& clock) {
    args.expectPositionals(1, "CAMPAIGN_ID");
    auto now = clock.now();
    auto campaign = store.write([&](storage::Repositories& repos) {
        return admin::Administration(repos, now, kActor).resumeCampaign(args.positionals()[0]);
    });
    return {toJson(campaign, false, now),
            "Campaign " + campaign.name +
                " is active: its waiting emails go out in its sending windows and caps.",
            {}};
}

}  // namespace

std::vector<Command> campaignCommands() {
    std::vector<FlagSpec> settings{{"webhook-url"},  {"icp"},  {"sequence"},
                                   {"calendar-url"}, {"name"}, {"project"}};
    std::vector<FlagSpec> createFlags = settings;
    createFlags.push_back({"org"});
    std::vector<FlagSpec> updateFlags = settings;
    updateFlags.push_back({"intake-secret"});
    updateFlags.push_back({"new-intake-secret", false});
    const std::string settingsHelp =
        "  --webhook-url URL    where meeting_booked events are delivered (docs/webhooks.md)\n"
        "  --icp FILE           the ICP criteria prospects are scored against, a YAML or JSON\n"
        "                       file (docs/icp.md)\n"
        "  --sequence FILE      the outreach email sequence, a YAML or JSON file\n"
        "                       (docs/outreach.md)\n"
        "  --calendar-url URL   the booking link in outreach\n"
        "  --project PROJECT_ID the lead-magnet project (of the same organisation) in which each\n"
        "                       qualified prospect gets its own lead magnet, for the sequence's\n"
        "                       {{leadMagnetUrl}} and {{leadMagnetTitle}} (docs/outreach.md)\n"
        "An empty value (--icp \"\") leaves a setting out, or removes it on update.\n"
        "Errors in a file name the file, line and key. A webhook URL deliveries would refuse\n"
        "(a private address while webhooks.allow_private_networks is off) is stored with a\n"
        "warning.\n";
    return {
        {"campaign", "create",
         "campaign create --org ORG_ID --name NAME [--webhook-url URL] [--icp FILE] "
         "[--sequence FILE] [--calendar-url URL] [--project PROJECT_ID]",
         "Creates a campaign in organisation ORG_ID and prints it with its webhook signing\n"
         "secret.\n\n"
         "  --org ORG_ID         the organisation (required)\n"
         "  --name NAME          unique within the organisation (required)\n" +
             settingsHelp,
         createFlags, create},
        {"campaign", "update",
         "campaign update ID [--name NAME] [--webhook-url URL] [--icp FILE] [--sequence FILE] "
         "[--calendar-url URL] [--project PROJECT_ID] "
         "[--intake-secret SECRET | --new-intake-secret]",
         "Changes what is given of campaign ID; the rest stays.\n\n"
         "  --name NAME          its new name\n" +
             settingsHelp +
             "  --intake-secret SECRET  what Cal.com and Calendly sign the bookings they report\n"
             "                       with (16-200 printable characters; docs/calendars.md)\n"
             "  --new-intake-secret  a new random intake secret instead\n",
         updateFlags, update},
        {"campaign",
         "list",
         "campaign list [--org ORG_ID]",
         "Lists the campaigns (of organisation ORG_ID only, with --org; an unknown one is an\n"
         "error).\n",
         {{"org"}},
         list},
        {"campaign",
         "show",
         "campaign show ID   (includes the webhook signing and intake secrets)",
         "Shows campaign ID with its ICP criteria, sequence, webhook signing secret, the intake\n"
         "secret Cal.com and Calendly sign bookings with, and the URLs to give them\n"
         "(calendarHooks; docs/calendars.md).\n",
         {},
         show},
        {"campaign",
         "rotate-secret",
         "campaign rotate-secret ID   (the old secret keeps signing for 24 h)",
         "Gives campaign ID a new webhook signing secret. Deliveries are signed with both the\n"
         "new and the previous secret for 24 hours, while receivers switch over; only one\n"
         "previous secret is kept.\n",
         {},
         rotateSecret},
        {"campaign",
         "pause",
         "campaign pause ID",
         "Pauses campaign ID: it sends no email until it is resumed. Its due emails stay\n"
         "pending (none fails or is skipped); leads are still taken in, researched and scored.\n"
         "Pausing a paused campaign changes nothing (docs/outreach.md).\n",
         {},
         pause},
        {"campaign",
         "resume",
         "campaign resume ID",
         "Resumes paused campaign ID: its waiting emails go out in its sending windows, within\n"
         "its daily cap and gap (docs/outreach.md).\n",
         {},
         resume},
    };
}

}  // namespace lodestone::ctl
