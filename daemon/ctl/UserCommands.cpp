// `user create | list | disable | link`: the dashboard's operator accounts (docs/dashboard.md).
#include "Commands.hpp"
#include "admin/OperatorAccounts.hpp"
#include "domain/JsonValues.hpp"

namespace lodestone::ctl {
namespace {

Poco::JSON::Object::Ptr operatorJson(const domain::Operator& op) {
    auto json = domain::orderedObject();
    json->set("id", op.id);
    json->set("organisationId", op.organisationId);
    json->set("email", op.email);
    json->set("role", std::string(domain::toString(op.role)));
    json->set("passwordSet", op.passwordHash.has_value());
    json->set("createdAt", op.createdAt);
    json->set("disabledAt", domain::orNull(op.disabledAt));
    return json;
}

Result withLink(const admin::OperatorWithLink& made, const config::Config& config,
                const std::string& what) {
    Result result;
    result.json = operatorJson(made.op);
    const std::string link = admin::setPasswordLink(config.server.publicUrl, made.setupToken);
    result.json->set("setPasswordLink", link);
    result.headline = what + " Send " + made.op.email +
                      " this link to set a password (it works once, for 72 hours; it is not "
                      "shown again):\n  " +
                      link;
    return result;
}

domain::OperatorRole roleFrom(const Arguments& args) {
    const auto text = args.value("role").value_or("member");
    auto role = domain::operatorRoleFromString(text);
    if (!role) throw UsageError("--role must be admin or member, got \"" + text + "\"");
    return *role;
}

Result create(const Arguments& args, storage::Store& store, const config::Config& config,
              const domain::Clock& clock) {
    args.expectPositionals(0, "");
    const auto role = roleFrom(args);
    auto made = store.write([&](storage::Repositories& repos) {
        try {
            return admin::OperatorAccounts(repos, clock.now(), kActor)
                .create(args.required("org"), args.required("email"), role);
        } catch (const std::invalid_argument& e) {
            throw UsageError(e.what());
        }
    });
    return withLink(made, config, "Created operator " + made.op.email + ".");
}

Result link(const Arguments& args, storage::Store& store, const config::Config& config,
            const domain::Clock& clock) {
    args.expectPositionals(1, "USER_ID");
    auto made = store.write([&](storage::Repositories& repos) {
        return admin::OperatorAccounts(repos, clock.now(), kActor).newLink(args.positionals()[0]);
    });
    return withLink(
        made, config,
        "Made a new set-password link for " + made.op.email + "; any earlier one no longer works.");
}

Result list(const Arguments& args, storage::Store& store, const config::Config&,
            const domain::Clock& clock) {
    args.expectPositionals(0, "");
    auto operators = store.read([&](storage::Repositories& repos) {
        checkOrganisationFilter(repos, args, clock);
        return admin::OperatorAccounts(repos, clock.now(), kActor).list(args.value("org"));
    });
    return listResult(operators, operatorJson,
                      {"id", "organisationId", "email", "role", "passwordSet", "disabledAt"});
}

Result disable(const Arguments& args, storage::Store& store, const config::Config&,
               const domain::Clock& clock) {
    args.expectPositionals(1, "USER_ID");
    const std::string& id = args.positionals()[0];
    bool changed = store.write([&](storage::Repositories& repos) {
        return admin::OperatorAccounts(repos, clock.now(), kActor).disable(id);
    });
    Result result;
    result.json->set("id", id);
    result.json->set("disabled", true);
    result.headline = changed ? "Disabled operator " + id + " and signed them out everywhere."
                              : "Operator " + id + " was already disabled.";
    return result;
}

}  // namespace

std::vector<Command> userCommands() {
    return {
        {"user",
         "create",
         "user create --org ORG_ID --email EMAIL [--role admin|member]",
         "Creates a dashboard operator in organisation ORG_ID and prints a one-time link to set\n"
         "a password.\n\n"
         "  --org ORG_ID         the organisation (required)\n"
         "  --email EMAIL        what they sign in with; unique across the installation\n"
         "  --role admin|member  admins also manage API keys, webhook secrets and operators\n"
         "                       (default member)\n",
         {{"org"}, {"email"}, {"role"}},
         create},
        {"user",
         "list",
         "user list [--org ORG_ID]",
         "Lists the operators (of organisation ORG_ID only, with --org).\n",
         {{"org"}},
         list},
        {"user",
         "disable",
         "user disable USER_ID   (signs them out everywhere)",
         "Disables operator USER_ID: they can no longer sign in, and their sessions end.\n",
         {},
         disable},
        {"user",
         "link",
         "user link USER_ID   (a forgotten password)",
         "Prints a new one-time link for operator USER_ID to set a password; an earlier link\n"
         "stops working.\n",
         {},
         link},
    };
}

}  // namespace lodestone::ctl
