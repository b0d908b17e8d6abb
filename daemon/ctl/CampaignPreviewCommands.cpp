// `campaign preview | test-send`: one step of a prospect's sequence as it would go out, shown or
// sent to the operator through the campaign's mailer plugin (docs/outreach.md, Previews and test
// messages). The rendering is outreach::previewEmail's, shared with the API and the dashboard.
#include <climits>
#include <sstream>

#include "Commands.hpp"
#include "admin/Administration.hpp"
#include "outreach/sending/EmailPreview.hpp"
#include "outreach/sending/TestSend.hpp"
#include "plugins/PluginRegistry.hpp"

namespace lodestone::ctl {
namespace {

int stepOf(const Arguments& args) {
    auto step = args.integer("step").value_or(1);
    if (step < 1 || step > INT_MAX) {
        throw UsageError("--step expects a step number from 1, got " + std::to_string(step));
    }
    return static_cast<int>(step);
}

// The prospect named by --prospect, else (for a test) the campaign's newest or a sample.
outreach::EmailPreview preview(const Arguments& args, storage::Store& store,
                               const config::Config& config, const domain::Clock& clock,
                               bool prospectRequired) {
    const auto step = stepOf(args);
    const auto prospectId = prospectRequired ? args.required("prospect") : args.value("prospect");
    return store.read([&](storage::Repositories& repos) {
        auto campaign =
            admin::Administration(repos, clock.now(), kActor).campaign(args.positionals()[0]);
        const auto& publicUrl = config.server.publicUrl;
        if (prospectId)
            return outreach::previewEmail(repos, campaign, *prospectId, step, publicUrl);
        return outreach::previewEmail(repos, campaign, outreach::testProspect(repos, campaign),
                                      step, publicUrl);
    });
}

std::string whom(const outreach::EmailPreview& preview) {
    const auto& prospect = preview.prospect;
    if (preview.sampleProspect) return "a sample prospect (" + prospect.contactName + ")";
    return "prospect " + prospect.id + " (" + prospect.contactName + ")";
}

// Headers, subject and bodies, as a mail reader would show them.
std::string messageText(const outreach::EmailPreview& preview) {
    std::ostringstream out;
    if (preview.waiting) {
        out << "Not sent yet: " << *preview.waiting
            << ". Shown with what is known; {{leadMagnetUrl}} and {{leadMagnetTitle}} are blank "
               "until then.\n\n";
    }
    for (const auto& [name, value] : preview.headers()) {
        out << name << ": " << value;
        if (name == "Message-ID" && !preview.messageIdScheduled) {
            out << "   (a placeholder: the email is not scheduled yet)";
        }
        out << '\n';
    }
    out << "Subject: " << preview.email.content.subject << "\n\n";
    out << "--- text ---\n" << preview.email.content.text;
    if (!preview.email.content.text.ends_with('\n')) out << '\n';
    if (preview.email.content.html) {
        out << "--- html ---\n" << *preview.email.content.html;
        if (!preview.email.content.html->ends_with('\n')) out << '\n';
    }
    return out.str();
}

Result show(const Arguments& args, storage::Store& store, const config::Config& config,
            const domain::Clock& clock) {
    args.expectPositionals(1, "CAMPAIGN_ID");
    auto shown = preview(args, store, config, clock, true);
    Result result;
    result.json = shown.toJson();
    result.headline = "Step " + std::to_string(shown.step) + " of campaign " +
                      args.positionals()[0] + " for " + whom(shown) + ":\n";
    result.text = messageText(shown);
    return result;
}

Result testSend(const Arguments& args, storage::Store& store, const config::Config& config,
                const domain::Clock& clock) {
    args.expectPositionals(1, "CAMPAIGN_ID");
    const auto to = args.required("to");
    auto shown = preview(args, store, config, clock, false);
    auto email = outreach::testEmail(shown, to);
    // The mailer lodestoned sends with: the configuration's pipeline.mailer, loaded as it loads it.
    auto registry = plugins::loadPlugins(config);
    auto mailer = registry.mailer();
    if (!mailer) {
        throw std::runtime_error("no pipeline.mailer is configured in " + config.file.string() +
                                 ": a test message goes through the campaign's mailer plugin");
    }
    auto answer = outreach::sendTestEmail(*mailer, email, config.pipeline.mailer.timeout);
    Result result;
    result.json->set("campaignId", args.positionals()[0]);
    result.json->set("prospectId", shown.sampleProspect ? Poco::Dynamic::Var()
                                                        : Poco::Dynamic::Var(shown.prospect.id));
    result.json->set("step", shown.step);
    result.json->set("to", to);
    result.json->set("messageId", email.messageId);
    result.json->set("subject", email.content.subject);
    result.json->set("waiting",
                     shown.waiting ? Poco::Dynamic::Var(*shown.waiting) : Poco::Dynamic::Var());
    result.json->set("reply", answer.describe());
    result.headline = "Sent a test of step " + std::to_string(shown.step) + " for " + whom(shown) +
                      " to " + to + " through plugin \"" + mailer->name() +
                      "\"; the server answered: " + answer.describe() + ".";
    if (shown.waiting) result.warnings.push_back("the step is not sent yet: " + *shown.waiting);
    return result;
}

}  // namespace

std::vector<Command> campaignPreviewCommands() {
    const std::string stepHelp =
        "  --step N             the step of the sequence, counted from 1 (default 1)\n";
    return {
        {"campaign",
         "preview",
         "campaign preview ID --prospect PROSPECT_ID [--step N]",
         "Shows exactly what step N of campaign ID's sequence would send to prospect\n"
         "PROSPECT_ID now: its headers (From, To, Reply-To, Message-ID, List-Unsubscribe,\n"
         "List-Unsubscribe-Post), subject, text and HTML. A step that waits for the prospect's\n"
         "lead magnet says why, and is shown with what is known. The Message-ID is the one\n"
         "its scheduled email carries, or <preview@sender.domain> before it is scheduled.\n"
         "Nothing is sent or changed. --json prints the API's `preview` object.\n\n"
         "  --prospect ID        a prospect of the campaign (required)\n" +
             stepHelp,
         {{"prospect"}, {"step"}},
         show},
        {"campaign",
         "test-send",
         "campaign test-send ID --to ADDRESS [--prospect PROSPECT_ID] [--step N]",
         "Sends what `campaign preview` shows to ADDRESS instead of the prospect, through the\n"
         "mailer plugin of the configuration's pipeline.mailer, with \"[test] \" before the\n"
         "subject and a Message-ID of its own. No cap, sending day, email record, prospect\n"
         "or counter changes. The links are the prospect's own: unsubscribing from the test\n"
         "unsubscribes the prospect.\n\n"
         "  --to ADDRESS         where the test goes (required)\n"
         "  --prospect ID        whose message it is; default: the campaign's newest\n"
         "                       prospect, or a made-up sample (Ada Lovelace) before it has any\n" +
             stepHelp,
         {{"to"}, {"prospect"}, {"step"}},
         testSend},
    };
}

}  // namespace lodestone::ctl
