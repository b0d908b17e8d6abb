#include "Commands.hpp"
#include "admin/Administration.hpp"
#include "storage/OrganisationRepository.hpp"

namespace lodestone::ctl {
namespace {

Result create(const Arguments& args, storage::Store& store, const config::Config&,
              const domain::Clock& clock) {
    args.expectPositionals(1, "organisation NAME");
    auto credits = args.integer("credits").value_or(0);
    auto organisation = store.write([&](storage::Repositories& repos) {
        return admin::Administration(repos, clock.now(), kActor)
            .createOrganisation(args.positionals()[0], credits);
    });
    return {toJson(organisation), "Created organisation " + organisation.name + ".", {}};
}

Result list(const Arguments& args, storage::Store& store, const config::Config&,
            const domain::Clock&) {
    args.expectPositionals(0, "");
    auto organisations =
        store.read([](storage::Repositories& repos) { return repos.organisations().list(); });
    return listResult(organisations, [](const auto& organisation) { return toJson(organisation); },
                      {"id", "name", "credits", "createdAt"});
}

Result credits(const Arguments& args, storage::Store& store, const config::Config&,
               const domain::Clock& clock) {
    args.expectPositionals(1, "ORG_ID");
    const std::string& id = args.positionals()[0];
    auto delta = args.integer("add");
    if (!delta) throw UsageError("--add is required");
    auto balance = store.write([&](storage::Repositories& repos) {
        return admin::Administration(repos, clock.now(), kActor).addCredits(id, *delta);
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
        {"org",
         "create",
         "org create NAME [--credits N]",
         "Creates an organisation named NAME (unique, one line of text).\n\n"
         "  --credits N  its starting credit balance (default 0)\n",
         {{"credits"}},
         create},
        {"org",
         "list",
         "org list",
         "Lists every organisation with its credit balance.\n",
         {},
         list},
        {"org",
         "credits",
         "org credits ORG_ID --add N   (N may be negative)",
         "Adds N credits to the organisation ORG_ID (takes them away when N is negative) and\n"
         "prints the new balance. A balance never goes below 0: such a change fails.\n\n"
         "  --add N  the credits to add (required)\n",
         {{"add"}},
         credits},
    };
}

void checkOrganisationFilter(storage::Repositories& repos, const Arguments& args,
                             const domain::Clock& clock) {
    if (auto id = args.value("org")) {
        admin::Administration(repos, clock.now(), kActor).organisation(*id);
    }
}

}  // namespace lodestone::ctl
