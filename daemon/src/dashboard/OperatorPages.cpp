// The organisation's operators, for its admins: listed, added (with a set-password link shown
// once), given a new link, disabled; through the same OperatorAccounts as lodestonectl user.
#include "admin/OperatorAccounts.hpp"
#include "dashboard/Pages.hpp"
#include "domain/Time.hpp"
#include "storage/OperatorRepository.hpp"
#include "storage/StorageError.hpp"

namespace lodestone::dashboard {
namespace {

std::string stateOf(const domain::Operator& op) {
    if (op.disabledAt) return "disabled";
    return op.passwordHash ? "active" : "invited (no password yet)";
}

Reply showLinkOnce(Dashboard& dashboard, DashboardRequest& request,
                   const admin::OperatorWithLink& made, domain::Timestamp now) {
    dashboard.keepShownOnce(
        request.who->session.tokenHash,
        {"link", made.op.email,
         admin::setPasswordLink(dashboard.services().config.server.publicUrl, made.setupToken),
         now});
    return redirectTo("/dashboard/operators/link");
}

}  // namespace

std::optional<domain::Operator> ownOperator(storage::Repositories& r,
                                            const DashboardRequest& request) {
    auto op = r.operators().find(request.param("operatorId"));
    if (!op || op->organisationId != request.who->op.organisationId) return std::nullopt;
    return op;
}

Reply operators(Dashboard& dashboard, DashboardRequest& request, const std::string& flash,
                int status) {
    const auto& me = request.who->op;
    auto all = dashboard.services().store.read([&](storage::Repositories& r) {
        return admin::OperatorAccounts(r, dashboard.services().clock.now(), actorOf(request))
            .list(me.organisationId);
    });
    mustache::data rows{mustache::data::type::list};
    for (const auto& op : all) {
        mustache::data row;
        row.set("id", op.id);
        row.set("email", op.email);
        row.set("role", std::string(domain::toString(op.role)));
        row.set("state", stateOf(op));
        row.set("since", shownTime(op.createdAt));
        row.set("enabled", !op.disabledAt.has_value());
        // Disabling yourself would end the session that asked; another admin can.
        row.set("mayDisable", !op.disabledAt && op.id != me.id);
        rows.push_back(row);
    }
    mustache::data data;
    data.set("operators", rows);
    if (!flash.empty()) {
        data.set("flash", flash);
    } else if (!request.field("disabled").empty()) {
        data.set("flash", "Disabled the operator and ended their sessions.");
    }
    return page(status, "Operators", "operators.mustache", std::move(data), &*request.who,
                Section::Operators);
}

Reply addOperator(Dashboard& dashboard, DashboardRequest& request) {
    const auto now = dashboard.services().clock.now();
    auto role = domain::operatorRoleFromString(request.field("role"));
    if (!role) return operators(dashboard, request, "Choose admin or member.", 400);
    admin::OperatorWithLink made;
    try {
        made = dashboard.services().store.write([&](storage::Repositories& r) {
            return admin::OperatorAccounts(r, now, actorOf(request))
                .create(request.who->op.organisationId, request.field("email"), *role);
        });
    } catch (const std::invalid_argument& e) {
        return operators(dashboard, request, std::string(e.what()) + ".", 400);
    } catch (const storage::Conflict&) {
        return operators(dashboard, request,
                         "An operator with that email already exists (emails are unique across "
                         "this installation).",
                         409);
    }
    return showLinkOnce(dashboard, request, made, now);
}

Reply newOperatorLink(Dashboard& dashboard, DashboardRequest& request) {
    const auto now = dashboard.services().clock.now();
    auto made = dashboard.services().store.write(
        [&](storage::Repositories& r) -> std::optional<admin::OperatorWithLink> {
            auto op = ownOperator(r, request);
            if (!op || op->disabledAt) return std::nullopt;
            return admin::OperatorAccounts(r, now, actorOf(request)).newLink(op->id);
        });
    if (!made) return problem(404, "Not found", "There is no such operator.", &*request.who);
    return showLinkOnce(dashboard, request, *made, now);
}

Reply shownLink(Dashboard& dashboard, DashboardRequest& request) {
    auto link = dashboard.takeShownOnce(request.who->session.tokenHash, "link",
                                        dashboard.services().clock.now());
    if (!link) return redirectTo("/dashboard/operators");
    mustache::data data;
    data.set("email", link->name);
    data.set("link", link->plaintext);
    return page(200, "Set-password link for " + link->name, "operator-link.mustache",
                std::move(data), &*request.who, Section::Operators);
}

Reply disableOperator(Dashboard& dashboard, DashboardRequest& request) {
    if (request.param("operatorId") == request.who->op.id) {
        return operators(dashboard, request,
                         "You cannot disable your own account; another admin, or lodestonectl "
                         "user disable, can.",
                         400);
    }
    const bool found = dashboard.services().store.write([&](storage::Repositories& r) {
        auto op = ownOperator(r, request);
        if (!op) return false;
        admin::OperatorAccounts(r, dashboard.services().clock.now(), actorOf(request))
            .disable(op->id);
        return true;
    });
    if (!found) return problem(404, "Not found", "There is no such operator.", &*request.who);
    return redirectTo("/dashboard/operators?disabled=1");
}

}  // namespace lodestone::dashboard
