// A campaign's webhook: a test event to its URL, and its signing secret rotated (admins), the
// new secret shown once, through the same Administration as `lodestonectl campaign
// rotate-secret`; and the campaign paused or resumed (members and admins), as `lodestonectl
// campaign pause|resume` does it.
#include "admin/Administration.hpp"
#include "admin/OperatorAccounts.hpp"
#include "dashboard/Pages.hpp"
#include "domain/Time.hpp"
#include "webhooks/DeliveryRecords.hpp"

namespace lodestone::dashboard {

Reply sendTestEvent(Dashboard& dashboard, DashboardRequest& request) {
    auto campaign = ownCampaign(dashboard, request);
    if (!campaign) return problem(404, "Not found", "There is no such campaign.", &*request.who);
    if (!campaign->webhookUrl || campaign->webhookUrl->empty()) {
        return problem(409, "No webhook URL",
                       "This campaign has no webhook URL to send a test event to.", &*request.who);
    }
    const auto now = dashboard.services().clock.now();
    dashboard.services().store.write([&](storage::Repositories& r) {
        const auto id = webhooks::queueTestEvent(r, *campaign, now);
        admin::recordChange(r, campaign->organisationId, actorOf(request), "webhook.test_event", id,
                            "Sent a test event to the webhook URL of " + campaign->name, now);
    });
    if (dashboard.services().webhookQueued) dashboard.services().webhookQueued();
    return redirectTo("/dashboard/campaigns/" + campaign->id + "?tested=1");
}

Reply rotateSecret(Dashboard& dashboard, DashboardRequest& request) {
    auto campaign = ownCampaign(dashboard, request);
    if (!campaign) return problem(404, "Not found", "There is no such campaign.", &*request.who);
    const auto now = dashboard.services().clock.now();
    auto rotated = dashboard.services().store.write([&](storage::Repositories& r) {
        auto changed = admin::Administration(r, now).rotateWebhookSecret(campaign->id);
        admin::recordChange(r, campaign->organisationId, actorOf(request), "webhook.rotate_secret",
                            campaign->id,
                            "Rotated the webhook signing secret of " + campaign->name +
                                "; the previous one signs too for 24 hours",
                            now);
        return changed;
    });
    dashboard.keepShownOnce(request.who->session.tokenHash,
                            {"secret:" + rotated.id, rotated.name, rotated.webhookSecret, now});
    return redirectTo("/dashboard/campaigns/" + rotated.id + "/secret");
}

Reply changeCampaignState(Dashboard& dashboard, DashboardRequest& request, bool pause) {
    auto campaign = ownCampaign(dashboard, request);
    if (!campaign) return problem(404, "Not found", "There is no such campaign.", &*request.who);
    const auto now = dashboard.services().clock.now();
    dashboard.services().store.write([&](storage::Repositories& r) {
        admin::Administration administration(r, now, actorOf(request));
        if (pause) {
            administration.pauseCampaign(campaign->id);
        } else {
            administration.resumeCampaign(campaign->id);
        }
    });
    return redirectTo("/dashboard/campaigns/" + campaign->id +
                      (pause ? "?paused=1" : "?resumed=1"));
}

Reply pauseCampaign(Dashboard& dashboard, DashboardRequest& request) {
    return changeCampaignState(dashboard, request, true);
}

Reply resumeCampaign(Dashboard& dashboard, DashboardRequest& request) {
    return changeCampaignState(dashboard, request, false);
}

Reply newSecret(Dashboard& dashboard, DashboardRequest& request) {
    auto campaign = ownCampaign(dashboard, request);
    if (!campaign) return problem(404, "Not found", "There is no such campaign.", &*request.who);
    auto secret = dashboard.takeShownOnce(request.who->session.tokenHash, "secret:" + campaign->id,
                                          dashboard.services().clock.now());
    // Shown once: a reload (or a second visit) goes back to the campaign.
    if (!secret) return redirectTo("/dashboard/campaigns/" + campaign->id);
    mustache::data data;
    std::string intro =
        "The campaign's new webhook signing secret, shown only now. Deliveries "
        "are signed with it";
    // A rotation's previous secret still signs; a new campaign has none.
    if (campaign->previousSecretExpiresAt) {
        intro += " and, until " + shownTime(*campaign->previousSecretExpiresAt) +
                 ", with the previous one too, while receivers switch over";
    }
    data.set("intro", intro + ".");
    data.set("plaintext", secret->plaintext);
    data.set("back", "/dashboard/campaigns/" + campaign->id);
    data.set("backText", "Back to the campaign");
    return page(200, "Webhook secret of " + campaign->name, "secret-shown.mustache",
                std::move(data), &*request.who, Section::Campaigns);
}

}  // namespace lodestone::dashboard
