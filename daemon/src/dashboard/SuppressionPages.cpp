// The organisation's suppression list (docs/lists.md): every operator reads it, admins add an
// address or a domain and lift one, through the same outreach::addToList and liftFromList as the
// API and lodestonectl, each change written to the audit log.
#include "admin/OperatorAccounts.hpp"
#include "dashboard/Pages.hpp"
#include "domain/Time.hpp"
#include "outreach/SuppressionList.hpp"
#include "storage/PageCursor.hpp"
#include "storage/SuppressionRepository.hpp"

namespace lodestone::dashboard {
namespace {

// The reason or source column: how the entry came to be.
std::string sourceOf(const domain::Suppression& entry) {
    switch (entry.reason) {
        case domain::SuppressionReason::Unsubscribed:
            return "unsubscribed";
        case domain::SuppressionReason::Bounced:
            return "bounced";
        case domain::SuppressionReason::Added:
            return "added by " + entry.addedBy.value_or("an operator");
        case domain::SuppressionReason::Erased:
            return "erased";
    }
    return "";
}

}  // namespace

Reply suppressions(Dashboard& dashboard, DashboardRequest& request, const std::string& error) {
    const auto page = pageOf(request);
    auto entries = dashboard.services().store.read([&](storage::Repositories& r) {
        return r.suppressions().page(request.who->op.organisationId, page);
    });
    auto next = storage::endOfPage(entries, page);
    mustache::data rows{mustache::data::type::list};
    for (const auto& entry : entries) {
        mustache::data row;
        row.set("kind", std::string(domain::toString(entry.kind)));
        const bool erased = entry.kind == domain::SuppressionKind::Address && !entry.address;
        row.set("entry",
                erased ? "(erased person; kept as a keyed hash)" : domain::suppressionEntry(entry));
        row.set("liftable", !erased);
        row.set("value", domain::suppressionEntry(entry));
        row.set("source", sourceOf(entry));
        row.set("note", entry.note.value_or(entry.detail.value_or("")));
        row.set("campaign", entry.campaignId.value_or(""));
        row.set("at", shownTime(entry.createdAt));
        rows.push_back(row);
    }
    mustache::data data;
    data.set("entries", rows);
    // Members read the list; only admins get the forms (their routes refuse anyone else).
    data.set("isAdmin", request.who->op.isAdmin());
    if (next) data.set("next", *next);
    if (!error.empty()) {
        data.set("error", error);
        data.set("newEntry", request.field("entry"));
        data.set("newNote", request.field("note"));
    }
    // Fixed sentences: a link must not be able to put words of its own on this page.
    if (request.field("added") == "1") {
        data.set("flash", "Suppressed. The pending emails it covers are cancelled.");
    } else if (request.field("already") == "1") {
        data.set("flash", "That was already suppressed; nothing changed.");
    } else if (request.field("lifted") == "1") {
        data.set("flash", "Lifted. Sequences it stopped stay stopped.");
    }
    return dashboard::page(error.empty() ? 200 : 400, "Suppression list", "suppressions.mustache",
                           std::move(data), &*request.who, Section::Suppressions);
}

Reply addSuppression(Dashboard& dashboard, DashboardRequest& request) {
    auto read = outreach::readAnyListEntry(request.field("entry"));
    if (!read.entry) return suppressions(dashboard, request, "The " + read.problem + ".");
    std::optional<std::string> note;
    if (auto text = request.field("note"); !text.empty()) {
        if (text.size() > outreach::kMaxNoteLength) {
            return suppressions(dashboard, request, "The note is too long.");
        }
        note = text;
    }
    const auto now = dashboard.services().clock.now();
    const auto& organisationId = request.who->op.organisationId;
    auto added = dashboard.services().store.write([&](storage::Repositories& r) {
        auto outcome = outreach::addToList(
            r, {organisationId, *read.entry, note, "operator " + actorOf(request)}, now);
        if (outcome.added) {
            admin::recordChange(r, organisationId, actorOf(request), "suppression.add",
                                outcome.suppression.id,
                                "Suppressed " + std::string(domain::toString(read.entry->kind)) +
                                    " " + read.entry->value,
                                now);
        }
        return outcome;
    });
    return redirectTo(added.added ? "/dashboard/suppressions?added=1"
                                  : "/dashboard/suppressions?already=1");
}

Reply liftSuppression(Dashboard& dashboard, DashboardRequest& request) {
    auto read = outreach::readAnyListEntry(request.field("entry"));
    if (!read.entry) return suppressions(dashboard, request, "The " + read.problem + ".");
    const auto now = dashboard.services().clock.now();
    const auto& organisationId = request.who->op.organisationId;
    const bool lifted = dashboard.services().store.write([&](storage::Repositories& r) {
        if (!outreach::liftFromList(r, organisationId, *read.entry)) return false;
        admin::recordChange(r, organisationId, actorOf(request), "suppression.lift", "",
                            "Lifted the suppression of " + read.entry->value, now);
        return true;
    });
    if (!lifted) return suppressions(dashboard, request, read.entry->value + " is not suppressed.");
    return redirectTo("/dashboard/suppressions?lifted=1");
}

}  // namespace lodestone::dashboard
