#include "Commands.hpp"
#include "admin/Administration.hpp"

namespace lodestone::ctl {
namespace {

Result create(const Arguments& args, storage::Store& store) {
    args.expectPositionals(1, "organisation NAME");
    auto credits = args.integer("credits").value_or(0);
    auto organisation = store.write([&](storage::Repositories& repos) {
        return admin::Administration(repos, domain::nowMillis())
            .createOrganisation(args.positionals()[0], credits);
    });
    return {toJson(organisation), "Created organisation " + organisation.name + ".", {}};
}

Result list(const Arguments& args, storage::Store& store) {
    args.expectPositionals(0, "");
    Result result;
    Poco::JSON::Array::Ptr items = new Poco::JSON::Array();
    for (const auto& organisation :
         store.read([](storage::Repositories& repos) { return repos.organisations().list(); })) {
        items->add(toJson(organisation));
    }
    result.json->set("items", items);
    result.columns = {"id", "name", "credits", "createdAt"};
    return result;
}

Result credits(const Arguments& args, storage::Store& store) {
    args.expectPositionals(1, "ORG_ID");
    const std::string& id = args.positionals()[0];
    auto delta = args.integer("add");
    if (!delta) throw UsageError("--add is required");
    auto balance = store.write([&](storage::Repositories& repos) {
        return admin::Administration(repos, domain::nowMillis()).addCredits(id, *delta);
    });
    Result result;
    result.json->set("id", id);
    result.json->set("credits", balance);
    result.headline = "Organisation " + id + " now has " + std::to_string(balance) + " credits.";
    return result;
}

}  // namespace

std::vector<Command> organisationCommands() {
    return {
        {"org", "create", "org create NAME [--credits N]", {{"credits"}}, create},
        {"org", "list", "org list", {}, list},
        {"org", "credits", "org credits ORG_ID --add N   (N may be negative)", {{"add"}}, credits},
    };
}

}  // namespace lodestone::ctl
