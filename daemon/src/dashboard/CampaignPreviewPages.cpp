// A campaign page's preview (docs/dashboard.md, Preview and test messages): one step of a
// prospect's sequence as it would be sent, rendered by outreach::previewEmail as lodestonectl
// and the API render it, and, for admins, sent as a test through the daemon's mailer plugin.
#include <algorithm>
#include <climits>

#include "admin/OperatorAccounts.hpp"
#include "dashboard/Pages.hpp"
#include "outreach/sending/EmailPreview.hpp"
#include "outreach/sending/TestSend.hpp"

namespace lodestone::dashboard {
namespace {

// What the preview form asks for: a prospect (none: the campaign's newest, or a sample) and a
// step. A step that is no number shows step 1, as an empty box would.
struct PreviewAsked {
    std::string prospectId;
    int step = 1;
};

PreviewAsked askedIn(const DashboardRequest& request, const std::string& prospectField,
                     const std::string& stepField) {
    PreviewAsked asked;
    asked.prospectId = request.field(prospectField);
    asked.prospectId.erase(0, asked.prospectId.find_first_not_of(" \t"));
    asked.prospectId.erase(asked.prospectId.find_last_not_of(" \t") + 1);
    try {
        const long step = std::stol(request.field(stepField));
        asked.step = static_cast<int>(std::clamp<long>(step, INT_MIN, INT_MAX));
    } catch (const std::exception&) {
        // Not a number: step 1.
    }
    return asked;
}

outreach::EmailPreview previewFor(storage::Repositories& r, const domain::Campaign& campaign,
                                  const PreviewAsked& asked, const std::string& publicUrl) {
    if (!asked.prospectId.empty()) {
        return outreach::previewEmail(r, campaign, asked.prospectId, asked.step, publicUrl);
    }
    return outreach::previewEmail(r, campaign, outreach::testProspect(r, campaign), asked.step,
                                  publicUrl);
}

std::string whom(const outreach::EmailPreview& preview) {
    if (preview.sampleProspect) {
        return "a made-up sample prospect (" + preview.prospect.contactName +
               "): the campaign has no prospects yet";
    }
    return preview.prospect.contactName + " <" + preview.prospect.email + "> (" +
           preview.prospect.id + ")";
}

// The preview's values for the template: every one HTML-escaped there, the HTML body included
// (shown as its source, never as markup of the dashboard's page).
mustache::data previewData(const outreach::EmailPreview& preview) {
    mustache::data shown;
    shown.set("whom", whom(preview));
    shown.set("prospectId", preview.sampleProspect ? "" : preview.prospect.id);
    shown.set("step", std::to_string(preview.step));
    if (preview.waiting) shown.set("waiting", *preview.waiting);
    mustache::data headers{mustache::data::type::list};
    for (const auto& [name, value] : preview.headers()) {
        mustache::data header;
        header.set("name", name);
        header.set("value", name == "Message-ID" && !preview.messageIdScheduled
                                ? value + " (a placeholder: the email is not scheduled yet)"
                                : value);
        headers.push_back(header);
    }
    shown.set("headers", headers);
    shown.set("subject", preview.email.content.subject);
    shown.set("text", preview.email.content.text);
    if (preview.email.content.html) shown.set("html", *preview.email.content.html);
    return shown;
}

}  // namespace

void addPreview(Dashboard& dashboard, const DashboardRequest& request,
                const domain::Campaign& campaign, const std::vector<domain::Prospect>& prospects,
                mustache::data& data) {
    mustache::data choices{mustache::data::type::list};
    for (const auto& prospect : prospects) {
        mustache::data choice;
        choice.set("id", prospect.id);
        choice.set("label", prospect.contactName + " <" + prospect.email + ">");
        choices.push_back(choice);
    }
    data.set("previewChoices", choices);
    const auto asked = askedIn(request, "previewProspect", "previewStep");
    data.set("previewProspect", asked.prospectId);
    data.set("previewStep", std::to_string(asked.step));
    if (!campaign.sequenceJson) return;  // the page says there is nothing to preview
    data.set("hasSequence", true);
    try {
        auto preview = dashboard.services().store.read([&](storage::Repositories& r) {
            return previewFor(r, campaign, asked, dashboard.services().config.server.publicUrl);
        });
        data.set("preview", previewData(preview));
    } catch (const outreach::PreviewRefused& refused) {
        data.set("previewError", std::string(refused.what()));
    }
}

Reply sendTestMessage(Dashboard& dashboard, DashboardRequest& request) {
    auto campaign = ownCampaign(dashboard, request);
    if (!campaign) return problem(404, "Not found", "There is no such campaign.", &*request.who);
    const auto asked = askedIn(request, "prospectId", "step");
    const auto to = request.field("to");
    auto& services = dashboard.services();
    outreach::EmailPreview preview;
    outreach::OutgoingEmail email;
    try {
        preview = services.store.read([&](storage::Repositories& r) {
            return previewFor(r, *campaign, asked, services.config.server.publicUrl);
        });
        email = outreach::testEmail(preview, to);
    } catch (const outreach::PreviewRefused& e) {
        return problem(400, "Test not sent", e.what(), &*request.who);
    } catch (const std::invalid_argument& e) {
        return problem(400, "Test not sent", e.what(), &*request.who);
    }
    if (!services.sendTestEmail) {
        return problem(503, "Test not sent",
                       "This lodestoned sends no email: its configuration names no "
                       "pipeline.mailer.",
                       &*request.who);
    }
    outreach::MailerAnswer answer;
    try {
        answer = services.sendTestEmail(email);
    } catch (const std::exception& e) {
        return problem(502, "Test not sent", e.what(), &*request.who);
    }
    const auto sent = "Sent a test of step " + std::to_string(preview.step) + " (" + whom(preview) +
                      ") to " + to + ": " + answer.describe();
    const auto now = services.clock.now();
    services.store.write([&](storage::Repositories& r) {
        admin::recordChange(r, campaign->organisationId, actorOf(request), "campaign.test_send",
                            campaign->id, sent, now);
    });
    return redirectTo("/dashboard/campaigns/" + campaign->id +
                      "?testSent=1&previewProspect=" + urlEncoded(asked.prospectId) +
                      "&previewStep=" + std::to_string(asked.step) + "#preview");
}

}  // namespace lodestone::dashboard
