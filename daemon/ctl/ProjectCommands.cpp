#include "Commands.hpp"
#include "admin/Administration.hpp"
#include "config/ProvisionReader.hpp"
#include "storage/ProjectRepository.hpp"

namespace lodestone::ctl {
namespace {

std::optional<domain::ProjectSchema> schemaFrom(const Arguments& args) {
    auto file = args.value("schema");
    if (!file) return std::nullopt;
    return config::loadProjectSchemaFile(*file);
}

std::optional<std::string> settingsFrom(const Arguments& args) {
    auto file = args.value("settings");
    if (!file) return std::nullopt;
    return config::loadMappingFile(*file, "project settings");
}

Result create(const Arguments& args, storage::Store& store, const config::Config&,
              const domain::Clock& clock) {
    args.expectPositionals(0, "");
    admin::ProjectDraft draft{args.required("org"),
                              args.required("name"),
                              schemaFrom(args),
                              args.value("lead-magnet-host"),
                              args.integer("credits-per-generation"),
                              settingsFrom(args)};
    auto project = store.write([&](storage::Repositories& repos) {
        return admin::Administration(repos, clock.now(), kActor).createProject(draft);
    });
    return {toJson(project, true), "Created project " + project.name + ".", {}};
}

Result update(const Arguments& args, storage::Store& store, const config::Config&,
              const domain::Clock& clock) {
    args.expectPositionals(1, "PROJECT_ID");
    admin::ProjectChanges changes{args.value("name"), schemaFrom(args),
                                  args.value("lead-magnet-host"),
                                  args.integer("credits-per-generation"), settingsFrom(args)};
    auto project = store.write([&](storage::Repositories& repos) {
        return admin::Administration(repos, clock.now(), kActor)
            .updateProject(args.positionals()[0], changes);
    });
    return {toJson(project, true), "Updated project " + project.name + ".", {}};
}

Result list(const Arguments& args, storage::Store& store, const config::Config&,
            const domain::Clock& clock) {
    args.expectPositionals(0, "");
    auto projects = store.read([&](storage::Repositories& repos) {
        checkOrganisationFilter(repos, args, clock);
        return repos.projects().list(args.value("org"));
    });
    return listResult(projects, [](const auto& project) { return toJson(project, false); },
                      {"id", "organisationId", "name", "creditsPerGeneration", "leadMagnetHost"});
}

Result show(const Arguments& args, storage::Store& store, const config::Config&,
            const domain::Clock& clock) {
    args.expectPositionals(1, "PROJECT_ID");
    auto project = store.read([&](storage::Repositories& repos) {
        return admin::Administration(repos, clock.now(), kActor).project(args.positionals()[0]);
    });
    return {toJson(project, true), "", {}};
}

}  // namespace

std::vector<Command> projectCommands() {
    std::vector<FlagSpec> settings{
        {"schema"}, {"lead-magnet-host"}, {"credits-per-generation"}, {"settings"}};
    std::vector<FlagSpec> createFlags = settings, updateFlags = settings;
    createFlags.insert(createFlags.end(), {{"org"}, {"name"}});
    updateFlags.push_back({"name"});
    const std::string settingsHelp =
        "  --schema FILE        the fields Generate Lead Magnet accepts, a YAML or JSON file\n"
        "                       `fields: [{name, type, required, label, description}]`\n"
        "                       (default: the spec's fields, only email required)\n"
        "  --lead-magnet-host URL  where its lead magnets are served (default:\n"
        "                       <server.public_url>/m)\n"
        "  --credits-per-generation N  credits charged per generation (default 1)\n"
        "  --settings FILE      settings handed to the plugins and the page, a YAML or JSON\n"
        "                       mapping (docs/configuration.md, Project settings)\n"
        "Errors in a file name the file, line and key.\n";
    return {
        {"project", "create",
         "project create --org ORG_ID --name NAME [--schema FILE] [--lead-magnet-host URL] "
         "[--credits-per-generation N] [--settings FILE]",
         "Creates a project in organisation ORG_ID.\n\n"
         "  --org ORG_ID         the organisation (required)\n"
         "  --name NAME          unique within the organisation (required)\n" +
             settingsHelp,
         createFlags, create},
        {"project", "update",
         "project update ID [--name NAME] [--schema FILE] [--lead-magnet-host URL] "
         "[--credits-per-generation N] [--settings FILE]",
         "Changes what is given of project ID; the rest stays.\n\n"
         "  --name NAME          its new name\n" +
             settingsHelp,
         updateFlags, update},
        {"project",
         "list",
         "project list [--org ORG_ID]",
         "Lists the projects (of organisation ORG_ID only, with --org; an unknown one is an\n"
         "error).\n",
         {{"org"}},
         list},
        {"project",
         "show",
         "project show ID",
         "Shows project ID with its schema and settings.\n",
         {},
         show},
    };
}

}  // namespace lodestone::ctl
