#include "config/ProvisionReader.hpp"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>

#include <regex>
#include <set>
#include <sstream>

#include "config/ConfigLoader.hpp"
#include "config/SectionReaders.hpp"
#include "config/YamlJson.hpp"
#include "domain/InputText.hpp"

namespace lodestone::config {
namespace {

constexpr std::int64_t kMaxCredits = 1'000'000'000'000;
constexpr std::size_t kMinFixedKeyLength = 32;

// Reads the `name` every provisioned entity has and checks it is unique among its siblings and
// one line of text (the rule admin::checkedName applies at every door, here with the line).
std::string readName(MapReader& reader, std::set<std::string>& seen) {
    auto node = reader.required("name");
    if (!node) return {};
    auto name = node->asString();
    if (!name) return {};
    if (name->empty()) {
        node->error("must not be empty");
    } else if (auto flaw = domain::textLineFlaw(*name); flaw != domain::CharacterFlaw::None) {
        node->error("\"" + domain::visibleText(*name) + "\" " + domain::describe(flaw) +
                    "; a name is one line of UTF-8 text");
    } else if (!seen.insert(*name).second) {
        node->error("\"" + *name + "\" is listed twice; names identify what is provisioned");
    }
    return *name;
}

std::optional<domain::ProjectSchema> readSchemaSource(MapReader& reader,
                                                      const std::filesystem::path& baseDir) {
    auto inlineSchema = reader.optional("schema");
    auto schemaFile = reader.optional("schema_file");
    if (inlineSchema && schemaFile) {
        schemaFile->error("give either `schema` or `schema_file`, not both");
        return std::nullopt;
    }
    if (inlineSchema) return readProjectSchema(*inlineSchema);
    if (!schemaFile) return std::nullopt;
    auto path = schemaFile->asString();
    if (!path) return std::nullopt;
    try {
        return loadProjectSchemaFile(resolvePath(*path, baseDir));
    } catch (const ConfigError& e) {
        for (const auto& message : e.messages()) schemaFile->error(message);
    }
    return std::nullopt;
}

// A mapping given inline under `key` or in a YAML/JSON file under `key_file`: its JSON text, and
// where it was given, for the module that later judges what it says.
struct MappingSource {
    std::string json;
    Location location;
    KeyLines lines;
};

std::optional<MappingSource> readMappingSource(MapReader& reader, const std::string& key,
                                               const std::string& what,
                                               const std::filesystem::path& baseDir) {
    auto inlineNode = reader.optional(key);
    auto fileNode = reader.optional(key + "_file");
    if (inlineNode && fileNode) {
        fileNode->error("give either `" + key + "` or `" + key + "_file`, not both");
        return std::nullopt;
    }
    if (inlineNode) {
        if (!inlineNode->isMap()) {
            inlineNode->error("expected a mapping of " + what);
            return std::nullopt;
        }
        return MappingSource{yamlToJsonText(*inlineNode),
                             {inlineNode->file(), inlineNode->line(), inlineNode->path(), {}},
                             keyLinesOf(*inlineNode)};
    }
    if (!fileNode) return std::nullopt;
    auto path = fileNode->asString();
    if (!path) return std::nullopt;
    try {
        auto document = loadMappingDocument(resolvePath(*path, baseDir), what);
        return MappingSource{std::move(document.json),
                             {fileNode->file(), fileNode->line(), fileNode->path(), *path},
                             std::move(document.lines)};
    } catch (const ConfigError& e) {
        for (const auto& message : e.messages()) fileNode->error(message);
    }
    return std::nullopt;
}

ProjectSpec readProjectSpec(const ConfigNode& node, std::set<std::string>& names,
                            const std::filesystem::path& baseDir) {
    ProjectSpec spec;
    spec.line = node.line();
    MapReader reader(node);
    spec.name = readName(reader, names);
    spec.schema = readSchemaSource(reader, baseDir);
    if (auto host = reader.optional("lead_magnet_host"))
        spec.leadMagnetHost = readHttpOrigin(*host);
    if (auto cost = reader.optional("credits_per_generation")) {
        spec.creditsPerGeneration = cost->asInteger(0, 1'000'000);
    }
    if (auto settings = readMappingSource(reader, "settings", "project settings", baseDir)) {
        spec.settingsJson = std::move(settings->json);
    }
    reader.finish();
    return spec;
}

CampaignSpec readCampaignSpec(const ConfigNode& node, std::set<std::string>& names,
                              const std::set<std::string>& projectNames,
                              const std::filesystem::path& baseDir) {
    CampaignSpec spec;
    spec.line = node.line();
    MapReader reader(node);
    spec.name = readName(reader, names);
    if (auto url = reader.optional("webhook_url")) {
        spec.webhookUrl = readHttpUrl(*url);
        spec.webhookUrlLocation = {url->file(), url->line(), url->path(), {}};
    }
    if (auto url = reader.optional("calendar_url")) spec.calendarUrl = readHttpUrl(*url);
    if (auto project = reader.optional("project")) {
        auto name = project->asString();
        if (name && !projectNames.contains(*name)) {
            project->error("no project named \"" + *name +
                           "\" is provisioned in this organisation");
        } else if (name) {
            spec.project = *name;
        }
    }
    if (auto icp = readMappingSource(reader, "icp", "ICP criteria", baseDir)) {
        spec.icpJson = std::move(icp->json);
        spec.icpLocation = std::move(icp->location);
        spec.icpLines = std::move(icp->lines);
    }
    if (auto sequence = readMappingSource(reader, "sequence", "email sequence", baseDir)) {
        spec.sequenceJson = std::move(sequence->json);
        spec.sequenceLocation = std::move(sequence->location);
        spec.sequenceLines = std::move(sequence->lines);
    }
    if (auto mailbox = reader.optional("mailbox")) spec.mailbox = readMailbox(*mailbox, baseDir);
    reader.finish();
    return spec;
}

ApiKeySpec readApiKeySpec(const ConfigNode& node, std::set<std::string>& names,
                          const std::set<std::string>& projectNames) {
    static const std::regex keyPattern("^[A-Za-z0-9_-]+$");
    ApiKeySpec spec;
    spec.line = node.line();
    MapReader reader(node);
    spec.name = readName(reader, names);
    if (auto projects = reader.optional("projects")) {
        for (const auto& element : projects->elements()) {
            auto project = element.asString();
            if (!project) continue;
            if (!projectNames.contains(*project)) {
                element.error("no project named \"" + *project +
                              "\" is provisioned in this organisation");
                continue;
            }
            spec.projects.push_back(*project);
        }
    }
    if (auto expires = reader.optional("expires_in")) spec.expiresIn = expires->asDuration();
    if (auto key = reader.optional("key")) {
        if (auto value = key->asString()) {
            if (value->size() < kMinFixedKeyLength || !std::regex_match(*value, keyPattern)) {
                key->error(
                    "a fixed key must be at least 32 characters of A-Z, a-z, 0-9, '_' "
                    "and '-' (the value itself is not shown)");
            } else {
                spec.key = *value;
            }
        }
    }
    reader.finish();
    return spec;
}

OrganisationSpec readOrganisationSpec(const ConfigNode& node, std::set<std::string>& names,
                                      const std::filesystem::path& baseDir) {
    OrganisationSpec spec;
    spec.line = node.line();
    MapReader reader(node);
    spec.name = readName(reader, names);
    reader.read("initial_credits", spec.initialCredits, 0, kMaxCredits);
    std::set<std::string> projectNames, campaignNames, keyNames;
    if (auto projects = reader.optional("projects")) {
        for (const auto& element : projects->elements()) {
            spec.projects.push_back(readProjectSpec(element, projectNames, baseDir));
        }
    }
    if (auto campaigns = reader.optional("campaigns")) {
        for (const auto& element : campaigns->elements()) {
            spec.campaigns.push_back(
                readCampaignSpec(element, campaignNames, projectNames, baseDir));
        }
    }
    if (auto keys = reader.optional("api_keys")) {
        for (const auto& element : keys->elements()) {
            spec.apiKeys.push_back(readApiKeySpec(element, keyNames, projectNames));
        }
    }
    reader.finish();
    return spec;
}

std::optional<domain::FieldSpec> readFieldSpec(const ConfigNode& node) {
    static const std::regex namePattern("^[A-Za-z][A-Za-z0-9_]*$");
    domain::FieldSpec field;
    MapReader reader(node);
    bool valid = true;
    if (auto name = reader.required("name")) {
        auto value = name->asString();
        if (value && !std::regex_match(*value, namePattern)) {
            name->error("field names start with a letter and use letters, digits and '_'");
            valid = false;
        }
        if (value) field.name = *value;
    }
    valid = valid && !field.name.empty();
    if (auto type = reader.optional("type")) {
        if (auto value = type->asString()) {
            if (auto parsed = domain::fieldTypeFromString(*value)) {
                field.type = *parsed;
            } else {
                type->error("unknown type \"" + *value +
                            "\" (use string, email, url, domain or json)");
                valid = false;
            }
        }
    }
    reader.read("required", field.required);
    reader.read("label", field.label);
    reader.read("description", field.description);
    reader.finish();
    if (!valid) return std::nullopt;
    return field;
}

}  // namespace

ProvisionConfig readProvision(const ConfigNode& node, const std::filesystem::path& baseDir) {
    ProvisionConfig provision;
    MapReader reader(node);
    std::set<std::string> names;
    if (auto organisations = reader.optional("organisations")) {
        for (const auto& element : organisations->elements()) {
            provision.organisations.push_back(readOrganisationSpec(element, names, baseDir));
        }
    }
    if (auto secrets = reader.optional("secrets_file")) {
        if (auto value = secrets->asString()) provision.secretsFile = resolvePath(*value, baseDir);
    }
    reader.finish();
    return provision;
}

std::optional<domain::ProjectSchema> readProjectSchema(const ConfigNode& node) {
    MapReader reader(node);
    auto fieldsNode = reader.required("fields");
    reader.finish();
    if (!fieldsNode) return std::nullopt;
    std::vector<domain::FieldSpec> fields;
    bool valid = fieldsNode->isSequence();
    if (!valid) fieldsNode->error("expected a list of fields");
    for (const auto& element : fieldsNode->elements()) {
        auto field = readFieldSpec(element);
        valid = valid && field.has_value();
        if (field) fields.push_back(*field);
    }
    if (!valid) return std::nullopt;
    try {
        return domain::ProjectSchema(std::move(fields));
    } catch (const domain::InvalidSchema& e) {
        fieldsNode->error(e.what());
        return std::nullopt;
    }
}

domain::ProjectSchema loadProjectSchemaFile(const std::filesystem::path& file) {
    auto diagnostics = std::make_shared<Diagnostics>();
    auto root = parseDocument(readTextFile(file), file.string(), diagnostics, processEnvironment());
    std::optional<domain::ProjectSchema> schema;
    if (diagnostics->empty()) schema = readProjectSchema(root);
    diagnostics->throwIfAny();
    return *schema;
}

std::string loadMappingFile(const std::filesystem::path& file, const std::string& what) {
    return loadMappingDocument(file, what).json;
}

namespace {

MappingDocument mappingDocumentOf(const std::string& text, const std::string& displayName,
                                  const std::string& what, EnvLookup env) {
    auto diagnostics = std::make_shared<Diagnostics>();
    auto root = parseDocument(text, displayName, diagnostics, std::move(env));
    if (diagnostics->empty() && !root.isMap()) root.error("expected a mapping of " + what);
    MappingDocument document;
    if (diagnostics->empty()) {
        document.json = yamlToJsonText(root);
        document.lines = keyLinesOf(root);
    }
    diagnostics->throwIfAny();
    return document;
}

}  // namespace

MappingDocument loadMappingDocument(const std::filesystem::path& file, const std::string& what) {
    return mappingDocumentOf(readTextFile(file), file.string(), what, processEnvironment());
}

namespace {

// Finds the first alias (*name) of a YAML text. Each alias is read again wherever it is used, so
// a few lines of nested aliases make an exponentially large document: typed text, unlike a
// configuration file, may come from anyone with a dashboard account.
class AliasFinder final : public YAML::EventHandler {
  public:
    std::optional<int> line;  // 1-based

    void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override {
        if (!line) line = mark.line + 1;
    }
    void OnDocumentStart(const YAML::Mark&) override {}
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
    void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t,
                  const std::string&) override {}
    void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                         YAML::EmitterStyle::value) override {}
    void OnSequenceEnd() override {}
    void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                    YAML::EmitterStyle::value) override {}
    void OnMapEnd() override {}
};

std::optional<int> firstAliasLine(const std::string& text) {
    AliasFinder finder;
    try {
        std::istringstream in(text);
        YAML::Parser parser(in);
        while (parser.HandleNextDocument(finder) && !finder.line) {
        }
    } catch (const YAML::Exception&) {
        // A syntax error: parseDocument reports it, with its line.
    }
    return finder.line;
}

}  // namespace

MappingDocument parseMappingText(const std::string& text, const std::string& displayName,
                                 const std::string& what) {
    if (auto line = firstAliasLine(text)) {
        throw ConfigError({displayName + ":" + std::to_string(*line) +
                           ": aliases (*name) are not taken here; write the value out"});
    }
    // Typed text is taken as it is: a ${NAME} in it stays "${NAME}" rather than reading the
    // daemon's environment (which may hold its secrets).
    return mappingDocumentOf(text, displayName, what, EnvLookup{});
}

}  // namespace lodestone::config
